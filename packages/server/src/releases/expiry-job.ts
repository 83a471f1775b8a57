import {
  lastArchivedValidUntil,
  lastExpiredValidUntil,
  todayInBrussels,
  type IsoDate,
} from '@scr/domain';
import type { Knex } from 'knex';
import { startScheduledJob, type RenewLease } from '../db/scheduled-job.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Logger } from '../logger.ts';
import { appendServerEvents, signServerEvents } from '../ledger/ledger.ts';
import { refreshPartyCopies } from './party-copies.ts';
import type { ServerKey } from '../ledger/server-key.ts';

const batchSize = 500;

type Step = 'expire' | 'archive';

/**
 * Releases spec §4 "Commercial release lifetime", as a job: releases still `released` or
 * `blocked` whose lifetime ended (domain `expiresOn`, i.e. validUntil, before today in
 * Brussels) become `expired`; releases on or past their archive day (domain `archivedOn`: the
 * gate-out day, or 10 days after expiry) get `archived_at`. Each change is a system ledger event
 * signed by the server's key, with version + 1 and the party copies in step. Works in batches
 * of 500 rows, each its own transaction, claimed with FOR UPDATE SKIP LOCKED so that several
 * instances share the work; a row already done no longer matches, so it is idempotent.
 */
export async function runExpiry(
  knex: Knex,
  serverKey: ServerKey,
  today: IsoDate = todayInBrussels(),
  beforeBatch: RenewLease = async () => undefined,
): Promise<Record<Step, number>> {
  const counts: Record<Step, number> = { expire: 0, archive: 0 };
  for (const step of ['expire', 'archive'] as const) {
    for (;;) {
      await beforeBatch();
      const done = await runBatch(knex, serverKey, step, today);
      counts[step] += done;
      if (done < batchSize) break;
    }
  }
  return counts;
}

function runBatch(knex: Knex, serverKey: ServerKey, step: Step, today: IsoDate) {
  return inTransaction(knex, async (trx) => {
    const due = trx('releases')
      .select('id')
      .orderBy('id')
      .limit(batchSize)
      .forUpdate()
      .skipLocked();
    if (step === 'expire') {
      due
        .whereIn('release_status', ['released', 'blocked'])
        .where('valid_until', '<=', lastExpiredValidUntil(today))
        .whereNull('archived_at');
    } else {
      due
        .whereNull('archived_at')
        // A release still waiting for its expiry is archived only after it (next run): another
        // instance's job may have expired the batch before this release was due.
        .whereNot((q) =>
          q
            .whereIn('release_status', ['released', 'blocked'])
            .where('valid_until', '<=', lastExpiredValidUntil(today)),
        )
        .where((q) =>
          q
            .where('valid_until', '<=', lastArchivedValidUntil(today))
            .orWhereRaw(`(gate_out_at at time zone 'Europe/Brussels')::date <= ?::date`, [today]),
        );
    }
    const ids = (await due).map((row: { id: string }) => row.id);
    if (ids.length === 0) return 0;
    const changes =
      step === 'expire' ? { release_status: 'expired' } : { archived_at: trx.fn.now() };
    const updated = await trx('releases')
      .whereIn('id', ids)
      .update({ ...changes, version: trx.raw('version + 1'), updated_at: trx.fn.now() })
      .returning(['id', 'address', 'version', 'valid_until', 'carrier_organization_id']);
    if (step === 'expire') await refreshPartyCopies(trx, ids);
    await appendServerEvents(
      trx,
      signServerEvents(
        serverKey,
        updated.map((row) => ({
          release: { id: row.id, address: row.address, version: row.version },
          operation: step,
          pincodeHash: null,
          details: step === 'expire' ? { expiresOn: row.valid_until } : { archivedOn: today },
          sourceOrganizationId: null,
          actor: 'system',
        })),
      ),
      { checkProjection: false },
    );
    return updated.length;
  });
}

/**
 * Runs the expiry at once and then every `intervalMs` (0: never), once across instances (issue
 * 42, DESIGN §2: a lease row, `db/scheduled-job.ts`; each batch renews the lease); `runNow`
 * for tests.
 */
export function startExpiryJob(options: {
  knex: Knex;
  serverKey: ServerKey;
  logger: Logger;
  intervalMs: number;
}) {
  const { knex, serverKey, logger } = options;
  return startScheduledJob({
    knex,
    name: 'expiry',
    intervalMs: options.intervalMs,
    logger,
    run: async (renew) => {
      const result = await runExpiry(knex, serverKey, todayInBrussels(), renew);
      if (result.expire + result.archive > 0) logger.info(result, 'releases expired and archived');
    },
  });
}

declare module '../declarations.ts' {
  interface Configuration {
    /** The running expiry job; absent until the database is ready. */
    expiryJob?: ReturnType<typeof startExpiryJob>;
  }
}
