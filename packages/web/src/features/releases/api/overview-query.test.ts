import { describe, expect, it } from 'vitest';
import { overviewSearchParams } from './overview-query.ts';

describe('overview query string (server-side paging, sorting and filtering)', () => {
  it('sends the search, the filled filter fields, the page and the sort as Feathers asks', () => {
    const params = overviewSearchParams(
      {
        search: ' msku ',
        filter: { vessel: 'Star', voyageNumber: '', valid: 'expiresIn5', pickupLocation: '1742' },
        limit: 25,
        skip: 50,
        sort: [{ id: 'validUntil', desc: true }],
      },
      { blNumber: 'SOLU1' },
    );
    expect(Object.fromEntries(params)).toEqual({
      blNumber: 'SOLU1',
      $search: 'msku',
      '$filter[vessel]': 'Star',
      '$filter[valid]': 'expiresIn5',
      '$filter[pickupLocation]': '1742',
      $limit: '25',
      $skip: '50',
      '$sort[validUntil]': '-1',
    });
  });

  it('leaves out an empty search and sorts ascending with 1', () => {
    const params = overviewSearchParams({
      search: '  ',
      filter: {},
      limit: 10,
      skip: 0,
      sort: [{ id: 'blNumber', desc: false }],
    });
    expect(params.toString()).toBe('%24limit=10&%24skip=0&%24sort%5BblNumber%5D=1');
  });
});
