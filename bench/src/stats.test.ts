import { describe, expect, it, vi } from 'vitest';
import { reportRate, summarise } from './stats.ts';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarise(samples)).toEqual({ n: 100, p50: 50, p95: 95, p99: 99, max: 100 });
  });

  it('handles a single sample', () => {
    expect(summarise([7])).toMatchObject({ p50: 7, p95: 7, max: 7 });
  });
});

describe('bench rates', () => {
  it('holds a rate budget on the median', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(reportRate('rate', [900, 2100, 2500], 'releases/s', { min: 2000 })).toBe(true);
    expect(reportRate('rate', [900, 1900, 2500], 'releases/s', { min: 2000 })).toBe(false);
    expect(log.mock.calls[1]?.[0]).toContain('p50=1900 p5=900 min=900 releases/s');
    log.mockRestore();
  });
});
