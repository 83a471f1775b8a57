import { describe, expect, it } from 'vitest';
import { summarise } from './stats.ts';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarise(samples)).toEqual({ n: 100, p50: 50, p95: 95, p99: 99, max: 100 });
  });

  it('handles a single sample', () => {
    expect(summarise([7])).toMatchObject({ p50: 7, p95: 7, max: 7 });
  });
});
