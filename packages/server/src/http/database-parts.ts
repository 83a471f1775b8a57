import type { BootstrapProgress } from '../db/bootstrap.ts';
import { databaseAnswer } from '../db/database-health.ts';
import type { Database } from '../db/database.ts';
import type { Application } from '../declarations.ts';
import { readinessOf, type PartReport } from './readiness.ts';

/**
 * Registers the readiness parts the start-up bootstrap owns: `database` (it answers `select 1`
 * within 2 s) and `migrations` (the schema is current and the demo world loaded). While PGlite
 * is still opening, `database` says so without a query, which would only queue behind the open.
 * Details name the step and the attempt, never an error's text (that is in the log).
 */
export function registerDatabaseParts(
  app: Application,
  database: Pick<Database, 'knex'>,
  progress: { current: BootstrapProgress },
): void {
  const readiness = readinessOf(app);
  readiness.add('database', async (): Promise<PartReport> => {
    const now = progress.current;
    if (now.state === 'waiting' && now.step === 'opening the embedded database') {
      return { state: 'down', detail: waitingDetail(now) };
    }
    const { answers, detail } = await databaseAnswer(database.knex);
    return { state: answers ? 'up' : 'down', detail };
  });
  readiness.add('migrations', (): PartReport => {
    const now = progress.current;
    if (now.state === 'done') {
      const applied = now.migrations.length;
      return { state: 'up', detail: `schema current (${applied} applied at this start)` };
    }
    return { state: 'down', detail: waitingDetail(now) };
  });
}

function waitingDetail(now: Extract<BootstrapProgress, { state: 'waiting' }>): string {
  const seconds = Math.round((Date.now() - now.since) / 1000);
  return now.failure === undefined
    ? `waiting for ${now.step} (attempt ${now.attempt}, ${seconds} s)`
    : `waiting for ${now.step}: attempt ${now.attempt} failed ${seconds} s ago, retrying (the log says why)`;
}
