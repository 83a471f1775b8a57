import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.ts';
import { leaseMsOf, outboxTable, type LanePolicy } from './lane-policy.ts';

/** A row leased to this worker: only the holder of `leaseToken` may complete it. */
export interface ClaimedRow {
  id: string;
  topic: string;
  lane: string;
  payload: Record<string, unknown>;
  attempts: number;
  leaseToken: string;
}

const pending = (q: Knex.QueryBuilder) => q.whereNull('delivered_at').whereNull('failed_at');
const notInFlight = (q: Knex.QueryBuilder, db: Knex | Knex.Transaction) =>
  q.where((w) => w.whereNull('leased_until').orWhere('leased_until', '<', db.fn.now()));

/**
 * Takes the lane's lock for the rest of the transaction (two-key advisory lock; the key space
 * of single-key locks never meets it), or answers false when another instance holds it now.
 */
export async function tryLockLane(trx: Knex.Transaction, lane: string): Promise<boolean> {
  const { rows } = await trx.raw(
    `select pg_try_advisory_xact_lock(hashtext('outbox lane'), hashtext(?)) as locked`,
    [lane],
  );
  return rows[0].locked === true;
}

/** Waits for the lane's lock (resume and release, which must not be skipped). */
export async function lockLane(trx: Knex.Transaction, lane: string): Promise<void> {
  await trx.raw(`select pg_advisory_xact_lock(hashtext('outbox lane'), hashtext(?))`, [lane]);
}

/** The lanes of these topics that have rows due now (parked rows wait at 'infinity'). */
export async function dueLanes(knex: Knex, topics: readonly string[]) {
  const rows: { lane: string; topic: string }[] = await pending(
    knex(outboxTable)
      .distinct('lane', 'topic')
      .whereIn('topic', topics)
      .where('available_at', '<=', knex.fn.now()),
  );
  return rows;
}

/** What a claim took, and whether the lane may have more due (it filled every free slot). */
export interface LaneClaim {
  rows: ClaimedRow[];
  more: boolean;
}

const none: LaneClaim = { rows: [], more: false };

/**
 * Leases due rows of one lane, oldest first, as many as its concurrency leaves free across every
 * instance (the rows in flight are counted under the lane's lock), each for its try's timeout
 * and the margin, just before they are sent. A held lane parks its rows instead.
 */
export function claimLane(knex: Knex, lane: string, policy: LanePolicy): Promise<LaneClaim> {
  return inTransaction(knex, async (trx) => {
    if (!(await tryLockLane(trx, lane))) return none;
    if (policy.held && (await policy.held(trx, lane))) {
      await parkLane(trx, lane);
      return none;
    }
    const [inFlight] = await pending(
      trx(outboxTable).where({ lane }).where('leased_until', '>', trx.fn.now()),
    ).count({ n: '*' });
    const free = policy.concurrency - Number(inFlight?.n ?? 0);
    if (free <= 0) return none;
    // The lease, not the schedule, says whether a row is in flight: a row whose `available_at`
    // someone moved to now (an operator's "try now") is still never sent twice at once.
    const due = notInFlight(pending(trx(outboxTable).select('id').where({ lane })), trx)
      .where('available_at', '<=', trx.fn.now())
      .orderBy('id')
      .limit(free)
      .forUpdate()
      .skipLocked();
    const lease = trx.raw(`now() + ? * interval '1 millisecond'`, [leaseMsOf(policy)]);
    const rows = await trx(outboxTable)
      .whereIn('id', due)
      .update({
        attempts: trx.raw('attempts + 1'),
        leased_until: lease,
        available_at: lease,
        lease_token: trx.raw('gen_random_uuid()'),
      })
      .returning(['id', 'topic', 'lane', 'payload', 'attempts', 'lease_token']);
    const claimed = rows
      .map((row) => ({ ...row, id: String(row.id), leaseToken: row.lease_token }))
      .sort((a, b) => Number(a.id) - Number(b.id));
    return { rows: claimed, more: claimed.length === free };
  });
}

const heldBy = (knex: Knex, row: ClaimedRow) =>
  knex(outboxTable).where({ id: row.id, lease_token: row.leaseToken });

/** A delivered row keeps only its recipient (a mail may hold a code). False: lease lost. */
export async function completeRow(knex: Knex, row: ClaimedRow): Promise<boolean> {
  const kept = typeof row.payload.to === 'string' ? { to: row.payload.to } : {};
  const updated = await heldBy(knex, row).update({
    delivered_at: knex.fn.now(),
    payload: JSON.stringify(kept),
    leased_until: null,
    lease_token: null,
    last_error: null,
  });
  return updated > 0;
}

/**
 * A failed try: due again after `backoff` ms, or given up after the last attempt. A try that
 * ran out of time may still be running somewhere: its row waits at least until its lease ends.
 */
export async function failRow(
  knex: Knex,
  row: ClaimedRow,
  failure: { error: string; backoffMs: number; timedOut: boolean; givenUp: boolean },
): Promise<boolean> {
  const next = `now() + ? * interval '1 millisecond'`;
  const updated = await heldBy(knex, row).update({
    last_error: failure.error.slice(0, 500),
    available_at: knex.raw(failure.timedOut ? `greatest(${next}, leased_until)` : next, [
      failure.backoffMs,
    ]),
    leased_until: null,
    lease_token: null,
    ...(failure.givenUp ? { failed_at: knex.fn.now() } : {}),
  });
  return updated > 0;
}

/** A try its lane's hold stopped before it was made: not counted, parked by the next poll. */
export async function returnRow(knex: Knex, row: ClaimedRow): Promise<void> {
  await heldBy(knex, row).update({
    attempts: knex.raw('greatest(attempts - 1, 0)'),
    available_at: knex.fn.now(),
    leased_until: null,
    lease_token: null,
  });
}

/** A held lane's rows wait, out of every poll's range, until the lane is released. */
export async function parkLane(trx: Knex.Transaction, lane: string): Promise<number> {
  return notInFlight(pending(trx(outboxTable).where({ lane })), trx)
    .whereNot('available_at', 'infinity')
    .update({ available_at: 'infinity' });
}

/**
 * Releases a held lane (an endpoint resumed or switched on again): what waits is due now and
 * starts again from its first try. Under the lane's lock, so no claim parks it meanwhile.
 */
export async function releaseLane(trx: Knex.Transaction, lane: string): Promise<number> {
  await lockLane(trx, lane);
  return notInFlight(pending(trx(outboxTable).where({ lane })), trx).update({
    available_at: trx.fn.now(),
    attempts: 0,
  });
}
