import { billOfLadingSortFields, containerSortFields } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { listOf, overviewCriteria } from './overview-criteria.ts';
import { cappedTotal, overviewPaging } from './overview-page.ts';

describe('overview paging (releases spec §2 rows per page, §9 limits)', () => {
  it('defaults to 10 BLs or 50 containers a page and answers 50 for more', () => {
    expect(overviewPaging('bl', billOfLadingSortFields, {})).toEqual({
      limit: 10,
      skip: 0,
      sort: null,
    });
    expect(overviewPaging('container', containerSortFields, {}).limit).toBe(50);
    expect(overviewPaging('bl', billOfLadingSortFields, { $limit: 25, $skip: 50 })).toMatchObject({
      limit: 25,
      skip: 50,
    });
    expect(overviewPaging('bl', billOfLadingSortFields, { $limit: 500 }).limit).toBe(50);
  });

  it('sorts on the first known field named: 1 ascending, -1 descending', () => {
    const paging = overviewPaging('container', containerSortFields, {
      $sort: { validUntil: -1 },
    });
    expect(paging.sort).toEqual({ field: 'validUntil', descending: true });
    expect(overviewPaging('bl', billOfLadingSortFields, { $sort: { vessel: 1 } }).sort).toEqual({
      field: 'vessel',
      descending: false,
    });
  });

  it('caps a count: one past the bound means "more than the bound"', () => {
    expect(cappedTotal(1001, 1000)).toEqual({ total: 1000, totalCapped: true });
    expect(cappedTotal(1000, 1000)).toEqual({ total: 1000, totalCapped: false });
  });
});

describe('overview criteria (releases spec §2 filter, §4 validity, §7 lists)', () => {
  it('keeps the filter fields that are set, and defaults validity to showOnlyValid', () => {
    const criteria = overviewCriteria(
      7,
      { $search: '  msc ', $filter: { vessel: ' Anna ', blNumber: '', valid: '' } },
      '2026-11-21',
    );
    expect(criteria).toMatchObject({
      organizationId: 7,
      search: 'msc',
      filter: { vessel: 'Anna' },
      valid: 'showOnlyValid',
      today: '2026-11-21',
      addresses: null,
    });
  });

  it('reads a list as one value, repeated values or comma-separated values', () => {
    expect(listOf(undefined)).toBeNull();
    expect(listOf('A1, B2')).toEqual(['A1', 'B2']);
    expect(listOf(['A1', 'B2,C3'])).toEqual(['A1', 'B2', 'C3']);
  });
});
