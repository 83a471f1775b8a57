/** Latency summary of one measured operation, in milliseconds. */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export function summarise(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** Times `operation` `iterations` times, one after another, after `warmup` untimed runs. */
export async function measure(
  operation: () => Promise<unknown>,
  { iterations = 200, warmup = 20 } = {},
): Promise<Summary> {
  for (let i = 0; i < warmup; i += 1) await operation();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    await operation();
    samples.push(performance.now() - start);
  }
  return summarise(samples);
}

/** A budget an issue names: the metric of a summary must stay at or under `maxMs`. */
export interface Budget {
  metric: 'p50' | 'p95' | 'p99';
  maxMs: number;
}

/** One report line; answers whether the budget (if any) holds. */
export function report(name: string, summary: Summary, budget?: Budget): boolean {
  const within = !budget || summary[budget.metric] <= budget.maxMs;
  const figures = `n=${summary.n} p50=${summary.p50.toFixed(2)}ms p95=${summary.p95.toFixed(2)}ms p99=${summary.p99.toFixed(2)}ms`;
  const verdict = budget
    ? ` budget ${budget.metric}<=${budget.maxMs}ms: ${within ? 'ok' : 'EXCEEDED'}`
    : '';
  console.log(`${name.padEnd(48)} ${figures}${verdict}`);
  return within;
}

/** A throughput budget: the median rate must stay at or above `min` per second. */
export interface RateBudget {
  min: number;
}

/**
 * One report line of a rate (one sample per measured operation, per second): the median, the
 * slowest 5 % (p5) and the slowest; answers whether the budget (on the median) holds.
 */
export function reportRate(
  name: string,
  perSecond: readonly number[],
  unit: string,
  budget?: RateBudget,
): boolean {
  const sorted = [...perSecond].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p);
  const median = at(50);
  const within = !budget || median >= budget.min;
  const figures = `n=${sorted.length} p50=${median.toFixed(0)} p5=${at(5).toFixed(0)} min=${(sorted[0] ?? Number.NaN).toFixed(0)} ${unit}`;
  const verdict = budget ? ` budget p50>=${budget.min} ${unit}: ${within ? 'ok' : 'EXCEEDED'}` : '';
  console.log(`${name.padEnd(48)} ${figures}${verdict}`);
  return within;
}

/**
 * One report line of a single measured value in milliseconds (a largest block, one call's
 * duration); answers whether it stays at or under `maxMs`, when given.
 */
export function reportValue(name: string, ms: number, maxMs?: number): boolean {
  const within = maxMs === undefined || ms <= maxMs;
  const verdict = maxMs === undefined ? '' : ` budget <=${maxMs}ms: ${within ? 'ok' : 'EXCEEDED'}`;
  console.log(`${name.padEnd(48)} ${ms.toFixed(2)}ms${verdict}`);
  return within;
}
