import type { PartCheck } from '../http/readiness.ts';
import type { OutboxWorkerHealth } from './lane-worker.ts';

/**
 * How long the outbox's poll may go without completing a round before readiness calls it down
 * (15 polls of 2 s): a round is a few short statements, so this is a loop that is stuck (or a
 * database it cannot reach), not a slow receiver, which holds only its own lane.
 */
export const outboxStuckAfterMs = 30_000;

/** Issue 42 item 4 (readiness of the outbox worker): down when its poll loop is stuck. */
export function outboxReadiness(
  health: OutboxWorkerHealth,
  limitMs = outboxStuckAfterMs,
  now = () => Date.now(),
): PartCheck {
  return () => {
    const since = health.lastRoundAt ?? health.startedAt;
    const quiet = now() - since;
    if (quiet <= limitMs) return { state: 'up' };
    const seconds = Math.round(quiet / 1000);
    const what =
      health.lastRoundAt === null
        ? 'no poll round completed since start'
        : 'no poll round completed';
    return {
      state: 'down',
      detail: `${what} for ${seconds} s (limit ${limitMs / 1000} s)${
        health.lastError ? `; last error: ${health.lastError.slice(0, 60)}` : ''
      }`,
    };
  };
}
