import { describe, expect, it } from 'vitest';
import {
  dashboardHorizon,
  dashboardItems,
  isValidSlice,
  maxSlicesPerChart,
  sliceOfItem,
  toggleSlice,
  validityBucketOf,
  validityBucketRange,
  type DashboardCount,
  type DashboardField,
} from './dashboard.ts';

const today = '2026-03-10';
const counts = (field: DashboardField, values: Record<string, number>): DashboardCount[] =>
  Object.entries(values).map(([value, count]) => ({
    field,
    value: value === 'null' ? null : value,
    count,
  }));
const chartsOf = (items: ReturnType<typeof dashboardItems>) =>
  [...new Set(items.map((item) => `${item.forChart}:${item.chartTitle}`))].sort();

describe('releases spec §2 "dashboard": chart positions 0 to 3 over five fields', () => {
  const spread = [
    ...counts('releaseStatus', { released: 5, blocked: 2 }),
    ...counts('transferStatus', { owned: 4, transferred: 3 }),
    ...counts('pickupLocation', { K913: 6, '1742': 1 }),
    ...counts('valid', { expired: 1, later: 6 }),
    ...counts('portOfDestination', { Shanghai: 7 }),
  ];

  it('maps positions 0–3 to releaseStatus, transferStatus, pickupLocation and valid when each spreads', () => {
    expect(chartsOf(dashboardItems(spread))).toEqual([
      '0:releaseStatus',
      '1:transferStatus',
      '2:pickupLocation',
      '3:valid',
    ]);
  });

  it('gives a position to portOfDestination when a field ahead of it fills one slice (a carrier: all transferred)', () => {
    const carrier = [
      ...spread.filter((c) => c.field !== 'transferStatus' && c.field !== 'portOfDestination'),
      ...counts('transferStatus', { transferred: 7 }),
      ...counts('portOfDestination', { Shanghai: 4, Santos: 3 }),
    ];
    expect(chartsOf(dashboardItems(carrier))).toEqual([
      '0:releaseStatus',
      '1:pickupLocation',
      '2:valid',
      '3:portOfDestination',
    ]);
  });

  it('shows up to four charts, a single-slice field only when fewer spread, and none without releases', () => {
    const few = [
      ...counts('releaseStatus', { released: 2 }),
      ...counts('transferStatus', { owned: 2 }),
      ...counts('pickupLocation', { K913: 2 }),
      ...counts('valid', { later: 2 }),
      ...counts('portOfDestination', { Shanghai: 1, null: 1 }),
    ];
    expect(chartsOf(dashboardItems(few))).toEqual([
      '0:releaseStatus',
      '1:transferStatus',
      '2:pickupLocation',
      '3:portOfDestination',
    ]);
    expect(dashboardItems([])).toEqual([]);
    expect(dashboardItems(counts('releaseStatus', { released: 0 }))).toEqual([]);
  });
});

describe('releases spec §3 "Dashboard item": forChart, chartTitle, translationKey, unit, number', () => {
  it('labels statuses and validity by translation key, terminals and ports as they are', () => {
    const items = dashboardItems([
      ...counts('releaseStatus', { blocked: 2, released: 5 }),
      ...counts('valid', { later: 1, expiresIn1: 3 }),
      ...counts('portOfDestination', { Santos: 1, null: 2 }),
    ]);
    expect(items).toEqual([
      {
        forChart: 0,
        chartTitle: 'releaseStatus',
        translationKey: 'releases.releaseStatus.released',
        unit: 'releases',
        number: 5,
        value: 'released',
      },
      expect.objectContaining({ translationKey: 'releases.releaseStatus.blocked', number: 2 }),
      expect.objectContaining({
        forChart: 1,
        translationKey: 'releases.dashboard.valid.expiresIn1',
      }),
      expect.objectContaining({ forChart: 1, value: 'later' }),
      expect.objectContaining({
        forChart: 2,
        value: '',
        translationKey: 'releases.dashboard.notGiven',
        number: 2,
      }),
      expect.objectContaining({ forChart: 2, value: 'Santos', translationKey: null }),
    ]);
  });

  it('sums the smallest terminals past eight slices as "others", which a click cannot select', () => {
    const terminals = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`T${i}`, 100 - i]));
    const items = dashboardItems(counts('pickupLocation', terminals));
    expect(items).toHaveLength(maxSlicesPerChart);
    const others = items.at(-1)!;
    expect(others).toMatchObject({
      value: null,
      number: 93 + 92 + 91,
      translationKey: 'releases.dashboard.others',
    });
    expect(sliceOfItem(others)).toBeNull();
    expect(sliceOfItem(items[0]!)).toEqual({ field: 'pickupLocation', value: 'T0' });
  });
});

describe('releases spec §2: clicking a slice filters; clicking it again clears', () => {
  it('selects, switches and clears', () => {
    const blocked = { field: 'releaseStatus', value: 'blocked' } as const;
    const owned = { field: 'transferStatus', value: 'owned' } as const;
    expect(toggleSlice(null, blocked)).toEqual(blocked);
    expect(toggleSlice(blocked, { ...blocked })).toBeNull();
    expect(toggleSlice(blocked, owned)).toEqual(owned);
    expect(toggleSlice(owned, null)).toEqual(owned);
  });

  it('accepts only values the field can take', () => {
    expect(isValidSlice({ field: 'releaseStatus', value: 'blocked' })).toBe(true);
    expect(isValidSlice({ field: 'releaseStatus', value: 'owned' })).toBe(false);
    expect(isValidSlice({ field: 'transferStatus', value: 'pinRetrieved' })).toBe(true);
    expect(isValidSlice({ field: 'valid', value: 'showBoth' })).toBe(false);
    expect(isValidSlice({ field: 'pickupLocation', value: ' ' })).toBe(false);
    expect(isValidSlice({ field: 'portOfDestination', value: '' })).toBe(true);
  });
});

describe('releases spec §4 "Commercial release lifetime" and validity filter: the valid chart', () => {
  it('counts releases not yet archived (10 days after expiry)', () => {
    expect(dashboardHorizon(today)).toBe('2026-03-01');
  });

  it('puts every validUntil from the horizon on in exactly one slice, as the filter windows say', () => {
    expect(validityBucketOf('2026-03-01', today)).toBe('expired');
    expect(validityBucketOf('2026-03-09', today)).toBe('expired');
    expect(validityBucketOf('2026-03-10', today)).toBe('expiresIn1');
    expect(validityBucketOf('2026-03-11', today)).toBe('expiresIn1');
    expect(validityBucketOf('2026-03-12', today)).toBe('expiresIn5');
    expect(validityBucketOf('2026-03-15', today)).toBe('expiresIn5');
    expect(validityBucketOf('2026-03-16', today)).toBe('later');
    expect(validityBucketRange('expired', today)).toEqual({ from: '2026-03-01', to: '2026-03-09' });
    expect(validityBucketRange('later', today)).toEqual({ from: '2026-03-16', to: null });
  });
});
