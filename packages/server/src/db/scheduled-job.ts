import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';

/** Renews the run's lease; throws when another instance has taken the job meanwhile. */
export type RenewLease = () => Promise<void>;

export interface ScheduledJobOptions {
  knex: Knex;
  /** The job's row in `scheduled_jobs` (migration 0036). */
  name: string;
  /** Every instance ticks this often (and once at start); each slot of this length runs once. 0: never. */
  intervalMs: number;
  /** How long one run holds the job unless renewed (a run renews it as it goes). */
  leaseMs?: number;
  logger: Logger;
  run: (renew: RenewLease) => Promise<void>;
}

/** Slot numbers in the database's clock, so instances whose clocks differ agree on them. */
const slotSql = `floor(extract(epoch from now()) * 1000 / ?)::bigint`;

/**
 * DESIGN §2 "Scheduled jobs run once across instances" (issue 42), with a lease row rather than
 * a session advisory lock, which would hold PGlite's one connection for the whole run. Time is
 * cut into slots of `intervalMs`; every instance ticks once per interval, and a tick runs the
 * job only if nobody holds its lease and the current slot has not run yet, so each slot runs
 * once whichever instance ticks first. A run that dies leaves its lease to expire and its slot
 * undone, for the next tick of any instance. `runNow` runs it whatever the slot (still never
 * beside another run).
 */
export function startScheduledJob(options: ScheduledJobOptions) {
  const { knex, name, intervalMs, logger } = options;
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  async function take(scheduled: boolean): Promise<{ slot: string | null } | null> {
    const { rows } = await knex.raw(
      `with now_slot as (select ${slotSql} as slot)
       insert into scheduled_jobs as j (name, holder, lease_until, started_at)
       values (?, ?, now() + ? * interval '1 millisecond', now())
       on conflict (name) do update
          set holder = excluded.holder, lease_until = excluded.lease_until, started_at = now()
        where (j.lease_until is null or j.lease_until < now())
          and (not ? or j.done_slot is null or j.done_slot < (select slot from now_slot))
       returning (select slot from now_slot) as slot`,
      [Math.max(intervalMs, 1), name, holder, leaseMs, scheduled],
    );
    if (rows.length === 0) return null;
    return { slot: scheduled ? String(rows[0].slot) : null };
  }

  const renew: RenewLease = async () => {
    const renewed = await knex('scheduled_jobs')
      .where({ name, holder })
      .update({ lease_until: knex.raw(`now() + ? * interval '1 millisecond'`, [leaseMs]) });
    if (renewed === 0) throw new Error(`the ${name} job was taken over by another instance`);
  };

  async function once(scheduled: boolean): Promise<boolean> {
    if (stopped) return false;
    const taken = await take(scheduled);
    if (!taken) return false;
    const release = (done: boolean) =>
      knex('scheduled_jobs')
        .where({ name, holder })
        .update({
          lease_until: null,
          ...(done ? { finished_at: knex.fn.now() } : {}),
          ...(done && taken.slot !== null ? { done_slot: taken.slot } : {}),
        });
    try {
      await options.run(renew);
    } catch (error) {
      // A failed run leaves its slot undone: the next tick of any instance tries again.
      await release(false);
      throw error;
    }
    await release(true);
    logger.debug({ job: name, slot: taken.slot, holder }, 'scheduled job ran');
    return true;
  }

  const queue = (scheduled: boolean) => {
    const next = running.then(() => once(scheduled));
    running = next.catch((error: unknown) => logger.warn({ err: error, job: name }, 'job failed'));
    return next.catch(() => false);
  };

  // A tick while the last one still waits (a long run) is dropped, never queued behind it.
  let ticking = false;
  const tick = () => {
    if (ticking) return;
    ticking = true;
    void queue(true).finally(() => (ticking = false));
  };
  const timer = intervalMs > 0 ? setInterval(tick, intervalMs) : null;
  timer?.unref();
  if (intervalMs > 0) tick();
  return {
    /** Runs the job now unless another run holds it; answers whether it ran. */
    runNow: () => queue(false),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
