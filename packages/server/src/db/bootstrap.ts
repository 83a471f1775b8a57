import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import type { Database } from './database.ts';
import { migrationSource } from './migrations/index.ts';
import { checkPoolLimit } from './pool-limit.ts';

export interface BootstrapResult {
  /** Migrations applied by this start (empty when the schema was already current). */
  migrations: string[];
  demoLoaded: boolean;
}

/** What a start waits for, in order; the log and readiness name them so. */
export type BootstrapStep =
  'opening the embedded database' | 'a connection' | 'migrations' | 'the demo world';

/** Where the start stands, for readiness: kept up to date by bootstrapDatabase. */
export type BootstrapProgress =
  | { state: 'waiting'; step: BootstrapStep; attempt: number; since: number; failure?: string }
  | { state: 'done'; migrations: string[] };

export interface BootstrapOptions {
  database: Pick<Database, 'knex' | 'kind' | 'open' | 'poolMax'>;
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
  /** Updated as the start goes; a fresh one when not given. */
  progress?: { current: BootstrapProgress };
}

const firstDelayMs = 250;
const maxDelayMs = 10_000;
/** How often a step that is still running says so. */
export const stillWaitingEveryMs = 10_000;

/**
 * Opens the embedded database, waits for a connection, brings the schema up to date and loads
 * the demo world, retrying from the first step with backoff until all of it works: the server
 * listens meanwhile (readiness 503). Every failed attempt is logged with what it waited for, its
 * number and the next delay; a step still running after 10 s says so every 10 s, so a slow
 * start on a loaded machine never looks like a hang. Resolves when ready or when the signal
 * aborts (an attempt under way is not interrupted: app.ts bounds how long stop waits for it).
 */
export async function bootstrapDatabase(options: BootstrapOptions): Promise<void> {
  const { database, logger, signal } = options;
  const progress = options.progress ?? { current: initialProgress(database.kind) };
  let delay = firstDelayMs;
  let poolChecked = false;
  for (let attempt = 1; !signal.aborted; attempt += 1) {
    const step = async <T>(name: BootstrapStep, work: () => Promise<T>): Promise<T> => {
      progress.current = { state: 'waiting', step: name, attempt, since: Date.now() };
      // Opening PGlite runs initdb on a first start, which holds the event loop for as long as
      // it takes (a minute on a loaded machine): nothing can be logged meanwhile, so say it now.
      if (attempt > 1 || name === 'opening the embedded database') {
        logger.info({ attempt, waitingFor: name }, `waiting for ${name}`);
      }
      const timer = setInterval(() => {
        const waitedMs = Date.now() - (progress.current as { since: number }).since;
        logger.info({ attempt, waitingFor: name, waitedMs }, `still waiting for ${name}`);
      }, stillWaitingEveryMs).unref();
      try {
        return await work();
      } finally {
        clearInterval(timer);
      }
    };
    try {
      if (database.kind === 'pglite') await step('opening the embedded database', database.open);
      await step('a connection', async () => {
        if (database.kind === 'pglite' || poolChecked) await database.knex.raw('select 1');
        else await checkPoolLimit(database.knex, database.poolMax, logger);
        poolChecked = true;
      });
      const migrations = await step('migrations', () => migrate(database));
      if (migrations.length > 0) logger.info({ migrations }, 'migrations applied');
      const { loadDemo } = options;
      const demoLoaded = loadDemo
        ? await step('the demo world', () => loadDemo(database.knex))
        : false;
      if (demoLoaded) logger.info('demo data loaded');
      if (signal.aborted) return;
      progress.current = { state: 'done', migrations };
      options.onReady({ migrations, demoLoaded });
      return;
    } catch (error) {
      if (signal.aborted) return;
      const reason = reasonOf(error, database.kind);
      const waiting = progress.current as { step: BootstrapStep };
      progress.current = {
        ...waiting,
        state: 'waiting',
        attempt,
        since: Date.now(),
        failure: reason,
      };
      logger.warn(
        { attempt, waitingFor: waiting.step, retryInMs: delay, reason },
        `database not ready (waiting for ${waiting.step}); attempt ${attempt + 1} in ${delay} ms`,
      );
      await sleep(delay, signal);
      delay = Math.min(delay * 2, maxDelayMs);
    }
  }
}

/** A failure in one line for the log and readiness, with what an operator can do about it. */
function reasonOf(error: unknown, kind: Database['kind']): string {
  const message = error instanceof Error ? error.message : String(error);
  if (kind === 'postgres' && message === 'Migration table is already locked') {
    return `${message}: another instance is migrating, or one stopped while migrating (then clear knex_migrations_lock)`;
  }
  return message;
}

/** Where a start begins. */
export function initialProgress(kind: Database['kind']): BootstrapProgress {
  const step = kind === 'pglite' ? 'opening the embedded database' : 'a connection';
  return { state: 'waiting', step, attempt: 1, since: Date.now() };
}

async function migrate({ knex, kind }: Pick<Database, 'knex' | 'kind'>): Promise<string[]> {
  // Knex's lock row stays set when a process dies while migrating (kill -9 during a first
  // start), and every later start then fails with "Migration table is already locked". On
  // PGlite only this process can use the folder (it holds the data folder lock), so a lock
  // that is set is a dead process's. On PostgreSQL another instance may be migrating: wait.
  if (kind === 'pglite') await knex.migrate.forceFreeMigrationsLock({ migrationSource });
  const [, migrations] = (await knex.migrate.latest({ migrationSource })) as [number, string[]];
  return migrations;
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
