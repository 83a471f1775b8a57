import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  checkpointText,
  ledgerLeafHash,
  MerkleFrontier,
  type MerkleHash,
  type SignedCheckpoint,
} from '@scr/domain';
import type { Knex } from 'knex';
import { startScheduledJob, type RenewLease } from '../db/scheduled-job.ts';
import { inTransaction } from '../db/transaction.ts';
import { insertUnnest } from '../kit/insert-unnest.ts';
import type { Logger } from '../logger.ts';
import { enqueueCheckpointWebhooks } from '../webhooks/enqueue-webhook-events.ts';
import type { ServerKey } from './server-key.ts';

/**
 * The ledger's log (docs/ledger.md): every event of `release_events`, once, in the order this
 * sequencer appended it, as the leaves of one RFC 9162 Merkle tree, and the checkpoints the
 * server signs of its root. Tables of migration 0037.
 *
 * `release_events.id` order is not commit order: a transaction may take id 10, another id 11 and
 * commit first. So the log is in append order, never in id order, and a run appends every
 * committed event it does not hold yet, an id lower than the last one appended included. To find
 * them without reading the whole table, the state keeps `settled_event_id`: every event up to it
 * is in the log, and a run looks above it only. It moves up in two steps: at the end of a run the
 * highest id then (the fence) and the transactions then writing events (their virtual ids in
 * `pg_locks`) are noted; once they have all ended, no event at or below the fence can appear any
 * more, and the next run, after appending what it finds, takes the fence as settled. (An event id
 * is drawn by its insert, which holds the table's ROW EXCLUSIVE lock from before the id is drawn
 * until its transaction ends; the sequence has no cache.)
 */

/** The job's row in `scheduled_jobs`. */
export const ledgerSequencerJob = 'ledger-sequencer';
/** Stored interior levels are multiples of this (`ledger_nodes`). */
export const storedLevelStep = 4;
/** Events appended per transaction: a few hundred milliseconds of work at most. */
const appendChunk = 5_000;
/** Leaves hashed between two turns of the event loop (about 10 ms). */
const hashPiece = 1_000;
/** The lock modes of a transaction that may insert events. */
const writerLockModes = [
  'RowExclusiveLock',
  'ShareRowExclusiveLock',
  'ExclusiveLock',
  'AccessExclusiveLock',
];

/** The log as its state row says. */
export interface LogState {
  treeSize: number;
  frontier: MerkleFrontier;
  settledEventId: number;
  fence: { eventId: number; holders: string[] } | null;
}

/** Locks the state row (made on the first run) for this transaction and reads it. */
export async function lockLogState(trx: Knex.Transaction): Promise<LogState> {
  await trx.raw('insert into ledger_log_state (id) values (1) on conflict (id) do nothing');
  const row = await trx('ledger_log_state').where({ id: 1 }).forUpdate().first();
  const treeSize = Number(row.tree_size);
  return {
    treeSize,
    frontier: new MerkleFrontier({ size: treeSize, hashes: row.frontier as MerkleHash[] }),
    settledEventId: Number(row.settled_event_id),
    fence:
      row.fence_event_id === null
        ? null
        : { eventId: Number(row.fence_event_id), holders: row.fence_holders ?? [] },
  };
}

/** What one run did. */
export interface SequencerRun {
  appended: number;
  treeSize: number;
  /** The checkpoint this run signed; null when the log had not grown since the last one. */
  signed: SignedCheckpoint | null;
}

export interface SequencerOptions {
  serverKey: ServerKey;
  /** Renews the job's lease between chunks. */
  renew?: RenewLease;
  /** Sign a checkpoint when the log grew since the last one (default true). */
  sign?: boolean;
  /** Called after a commit that queued webhooks (wakes the outbox). */
  queued?: () => void;
}

/**
 * One run of the sequencer: appends every committed event the log does not hold, in chunks, each
 * its own transaction under the state row's lock (so two runs never append the same event, nor
 * at the same index), then settles the fence and, when the log grew since the last checkpoint,
 * signs a new one and queues its `checkpoint` webhooks.
 */
export async function runSequencer(knex: Knex, options: SequencerOptions): Promise<SequencerRun> {
  const settleTo = await settledFence(knex);
  let appended = 0;
  let cursor: number | null = null;
  for (;;) {
    await options.renew?.();
    const chunk = await inTransaction(knex, (trx) => appendNextChunk(trx, cursor));
    appended += chunk.appended;
    cursor = chunk.cursor;
    if (chunk.appended < appendChunk) break;
  }
  const { treeSize, signed } = await inTransaction(knex, async (trx) => {
    const state = await lockLogState(trx);
    await moveFence(trx, state, settleTo);
    const checkpoint = options.sign === false ? null : await signIfGrown(trx, state, options);
    return { treeSize: state.treeSize, signed: checkpoint };
  });
  if (signed) options.queued?.();
  return { appended, treeSize, signed };
}

/**
 * The fence whose writers have all ended, before this run looks for events: every event up to it
 * is then committed (or never will be), and this run's reads see it.
 */
async function settledFence(knex: Knex): Promise<number | null> {
  const row = await knex('ledger_log_state').where({ id: 1 }).first();
  if (!row || row.fence_event_id === null) return null;
  const holders: string[] = row.fence_holders ?? [];
  if (holders.length > 0) {
    const { rows } = await knex.raw(
      `select count(*)::int as running from pg_locks
        where locktype = 'virtualxid' and virtualxid = any(?::text[])`,
      [holders],
    );
    if (rows[0].running > 0) return null;
  }
  return Number(row.fence_event_id);
}

/**
 * Appends up to `appendChunk` committed events missing from the log, lowest id first, above the
 * settled id (and above `cursor`, the last id this run appended, so a run reads each id once).
 */
async function appendNextChunk(trx: Knex.Transaction, cursor: number | null) {
  const state = await lockLogState(trx);
  const from = Math.max(cursor ?? 0, state.settledEventId);
  const events: { id: string; hash: string }[] = await trx('release_events as e')
    .where('e.id', '>', from)
    .whereNotExists((q) => q.select(1).from('ledger_log as l').whereRaw('l.event_id = e.id'))
    .orderBy('e.id')
    .limit(appendChunk)
    .select('e.id', 'e.hash');
  if (events.length === 0) return { appended: 0, cursor };
  const { frontier } = state;
  const leaves: { index: number; event_id: string; leaf_hash: string }[] = [];
  const nodes: { level: number; index: number; hash: string }[] = [];
  for (let i = 0; i < events.length; i += hashPiece) {
    if (i > 0) await yieldToLoop();
    for (const event of events.slice(i, i + hashPiece)) {
      const leaf = ledgerLeafHash(event.hash);
      leaves.push({ index: frontier.size, event_id: event.id, leaf_hash: leaf });
      frontier.append(leaf, (level, index, hash) => {
        if (level % storedLevelStep === 0) nodes.push({ level, index, hash });
      });
    }
  }
  await insertUnnest(
    trx,
    'ledger_log',
    [
      ['index', 'bigint'],
      ['event_id', 'bigint'],
      ['leaf_hash', 'text'],
    ],
    leaves,
  );
  if (nodes.length > 0) {
    await insertUnnest(
      trx,
      'ledger_nodes',
      [
        ['level', 'smallint'],
        ['index', 'bigint'],
        ['hash', 'text'],
      ],
      nodes,
    );
  }
  await trx('ledger_log_state')
    .where({ id: 1 })
    .update({ tree_size: frontier.size, frontier: JSON.stringify(frontier.state().hashes) });
  return { appended: events.length, cursor: Number(events.at(-1)!.id) };
}

/**
 * Takes the fence checked before this run as settled (when nothing at or below it is missing
 * from the log, which its check promises), and sets the next: the highest event id now and the
 * transactions now writing events.
 */
async function moveFence(trx: Knex.Transaction, state: LogState, settleTo: number | null) {
  let settled = state.settledEventId;
  if (settleTo !== null && state.fence?.eventId === settleTo && settleTo > settled) {
    const missing = await trx('release_events as e')
      .where('e.id', '>', settled)
      .where('e.id', '<=', settleTo)
      .whereNotExists((q) => q.select(1).from('ledger_log as l').whereRaw('l.event_id = e.id'))
      .first('e.id');
    if (!missing) settled = settleTo;
  }
  const highest = await trx('release_events').max('id as max').first();
  const max = (highest?.max ?? null) as string | number | null;
  const { rows } = await trx.raw(
    `select coalesce(array_agg(distinct virtualtransaction), '{}') as holders from pg_locks
      where locktype = 'relation' and relation = 'release_events'::regclass and granted
        and mode = any(?::text[]) and pid <> pg_backend_pid()`,
    [writerLockModes],
  );
  await trx('ledger_log_state')
    .where({ id: 1 })
    .update({
      settled_event_id: settled,
      fence_event_id: max === null ? null : Number(max),
      fence_holders: rows[0].holders,
    });
}

/** The latest signed checkpoint's row, or undefined before the first. */
export function latestCheckpointRow(db: Knex | Knex.Transaction) {
  return db('ledger_checkpoints').orderBy('tree_size', 'desc').first();
}

/** A `ledger_checkpoints` row as the API answers it. */
export function checkpointOfRow(row: Record<string, unknown>): SignedCheckpoint {
  return {
    treeSize: Number(row.tree_size),
    rootHash: String(row.root_hash),
    time: new Date(row.time as string).toISOString(),
    server: String(row.server_address),
    signature: String(row.signature),
    text: String(row.checkpoint),
  };
}

/** Signs the log's root when it grew since the latest checkpoint; queues its webhooks. */
async function signIfGrown(
  trx: Knex.Transaction,
  state: LogState,
  options: SequencerOptions,
): Promise<SignedCheckpoint | null> {
  const latest = await latestCheckpointRow(trx);
  if (state.treeSize === 0 || (latest && Number(latest.tree_size) >= state.treeSize)) return null;
  const content = {
    treeSize: state.treeSize,
    rootHash: state.frontier.root(),
    time: new Date().toISOString(),
    server: options.serverKey.address,
  };
  const text = checkpointText(content);
  const checkpoint: SignedCheckpoint = {
    ...content,
    server: options.serverKey.address,
    signature: options.serverKey.sign(text),
    text,
  };
  await trx('ledger_checkpoints').insert({
    tree_size: checkpoint.treeSize,
    root_hash: checkpoint.rootHash,
    time: checkpoint.time,
    server_address: checkpoint.server,
    signature: checkpoint.signature,
    checkpoint: checkpoint.text,
  });
  await enqueueCheckpointWebhooks(trx, checkpoint);
  return checkpoint;
}

/**
 * The sequencer as a scheduled job (`db/scheduled-job.ts`: once per interval across all
 * instances, under a lease each chunk renews; also once at start), every
 * LEDGER_CHECKPOINT_INTERVAL_MS (0: only on demand, `runNow`).
 */
export function startLedgerSequencer(options: {
  knex: Knex;
  serverKey: ServerKey;
  logger: Logger;
  intervalMs: number;
  /** Wakes the outbox after a checkpoint queued its webhooks. */
  wakeOutbox?: () => void;
}) {
  const { knex, serverKey, logger } = options;
  let last: SequencerRun | null = null;
  const job = startScheduledJob({
    knex,
    name: ledgerSequencerJob,
    intervalMs: options.intervalMs,
    logger,
    run: async (renew) => {
      const started = Date.now();
      last = await runSequencer(knex, {
        serverKey,
        renew,
        ...(options.wakeOutbox ? { queued: options.wakeOutbox } : {}),
      });
      if (last.appended > 0 || last.signed) {
        logger.info(
          { appended: last.appended, treeSize: last.treeSize, ms: Date.now() - started },
          last.signed ? 'ledger checkpoint signed' : 'ledger events logged',
        );
      }
    },
  });
  return {
    ...job,
    /**
     * Runs the sequencer now; when another instance's run holds the lease, waits for it to end
     * (up to `waitMs`) and runs again. Answers whether a run of this call took place.
     */
    async runNowOrAfter(waitMs = 10_000): Promise<boolean> {
      const until = Date.now() + waitMs;
      for (;;) {
        if (await job.runNow()) return true;
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

export type LedgerSequencer = ReturnType<typeof startLedgerSequencer>;

declare module '../declarations.ts' {
  interface Configuration {
    /** The ledger's sequencer (`ledger-log.ts`); absent until the database is ready. */
    ledgerSequencer?: LedgerSequencer;
  }
}
