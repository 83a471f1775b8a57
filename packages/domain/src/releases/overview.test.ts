import { describe, expect, it } from 'vitest';
import { isFilterActive, releaseSearchText } from './overview.ts';

describe('releases spec §2 "Showing results for" banner', () => {
  it('shows only when a filter narrows beyond the default validity', () => {
    expect(isFilterActive({})).toBe(false);
    expect(isFilterActive({ valid: 'showOnlyValid', blNumber: '' })).toBe(false);
    expect(isFilterActive({ valid: 'showBoth' })).toBe(true);
    expect(isFilterActive({ vessel: 'MSC' })).toBe(true);
  });
});

describe('releases spec §2 "Search across views is case-insensitive and substring-based"', () => {
  it('lowers and joins the searchable fields', () => {
    expect(
      releaseSearchText({
        blNumber: 'SOLU123',
        containerNumber: 'MSCU1234565',
        vessel: 'MSC Anna',
        voyageNumber: null,
      }),
    ).toBe('solu123 mscu1234565 msc anna');
  });
});
