import { runSequencer } from '../../packages/server/src/ledger/ledger-log.ts';
import type { BenchPortal } from './portal.ts';
import { reportRate, reportValue, type RateBudget } from './stats.ts';

/** What the checkpoint line holds to (on PostgreSQL). */
export interface CheckpointBudgets {
  /** Events appended to the log, and the checkpoint signed, a second. */
  appendRate: RateBudget;
  /**
   * The longest the event loop stood still meanwhile (docs/production.md, "Heavy work"), when it
   * is held to one: on a shared machine a descheduled process reads as a block too.
   */
  longestBlockMs?: number;
}

/**
 * docs/ledger.md "Signed checkpoints": one run of the ledger's sequencer over every event not
 * logged yet (what the suites before it wrote: the ledger suite's world, the transfers),
 * appending them to the log in chunks and signing a checkpoint, as the portal does every minute;
 * its rate in events a second and the longest event-loop block meanwhile. The bench's portal runs
 * its sequencer on demand only, so nothing logs those events before. Answers whether the budgets
 * hold.
 */
export async function benchCheckpoint(
  bench: BenchPortal,
  budgets: CheckpointBudgets | undefined,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const serverKey = bench.portal.app.get('serverKey');
  let longest = 0;
  let last = performance.now();
  const sampler = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  const run = await runSequencer(bench.portal.knex, { serverKey });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (run.appended === 0) {
    console.log(label('checkpoint: nothing new to append (every event was logged before)'));
    return true;
  }
  if (!run.signed) throw new Error('the sequencer appended events but signed no checkpoint');
  const fast = reportRate(
    label(`checkpoint: append ${run.appended} events and sign`),
    [run.appended / seconds],
    'events/s',
    budgets?.appendRate,
  );
  const smooth = reportValue(
    label('checkpoint: longest event-loop block'),
    longest,
    budgets?.longestBlockMs,
  );
  console.log(
    `${label('checkpoint: the log now').padEnd(48)} ${run.treeSize} events, ${seconds.toFixed(2)} s for this run`,
  );
  return fast && smooth;
}
