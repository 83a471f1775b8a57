import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { migrationSource } from './migrations/index.ts';

export interface BootstrapResult {
  /** Migrations applied by this start (empty when the schema was already current). */
  migrations: string[];
  demoLoaded: boolean;
}

export interface BootstrapOptions {
  knex: Knex;
  logger: Logger;
  /**
   * Loads the demo world after the migrations, answering whether it loaded anything; the caller
   * (app.ts) passes it in demo mode only, so the database floor does not import the demo world.
   */
  loadDemo?: (knex: Knex) => Promise<boolean>;
  /** Stops the retries (on shutdown). */
  signal: AbortSignal;
  /** Called once, when migrations (and the demo load) have succeeded. */
  onReady: (result: BootstrapResult) => void;
}

const firstDelayMs = 250;
const maxDelayMs = 10_000;

/**
 * Brings the schema up to date and loads the demo world, retrying with backoff until it works:
 * the server listens (health 503) while PostgreSQL is still away. Each failed attempt is logged
 * once. Resolves when ready or when the signal aborts.
 */
export async function bootstrapDatabase(options: BootstrapOptions): Promise<void> {
  const { knex, logger, signal } = options;
  let delay = firstDelayMs;
  for (let attempt = 1; !signal.aborted; attempt += 1) {
    try {
      const [, migrations] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
      if (migrations.length > 0) logger.info({ migrations }, 'migrations applied');
      const demoLoaded = options.loadDemo ? await options.loadDemo(knex) : false;
      if (demoLoaded) logger.info('demo data loaded');
      if (signal.aborted) return;
      options.onReady({ migrations, demoLoaded });
      return;
    } catch (error) {
      if (signal.aborted) return;
      const reason = error instanceof Error ? error.message : String(error);
      logger.warn({ attempt, retryInMs: delay, reason }, 'database not ready; will retry');
      await sleep(delay, signal);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
