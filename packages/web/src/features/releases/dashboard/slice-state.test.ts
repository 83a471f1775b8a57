import { describe, expect, it } from 'vitest';
import { overviewSearchParams } from '../api/overview-query.ts';
import { pageQuery } from '../tables/overview-table-props.ts';
import {
  initialOverviewState,
  overviewReducer,
  showsResultsBanner,
  type OverviewAction,
  type OverviewState,
} from '../overview/overview-state.ts';

const run = (state: OverviewState, ...actions: OverviewAction[]) =>
  actions.reduce(overviewReducer, state);
const blocked = { field: 'releaseStatus', value: 'blocked' } as const;

describe('a dashboard slice in the overview (releases spec §2)', () => {
  it('replaces search and filter, shows the banner, and goes to the first page', () => {
    const searched = run(
      initialOverviewState(true),
      { type: 'typeSearch', text: 'msku' },
      { type: 'runSearch' },
      { type: 'page', view: 'container', page: { pageIndex: 3, pageSize: 50 } },
    );
    const sliced = run(searched, { type: 'slice', slice: blocked });
    expect(sliced).toMatchObject({ search: '', searchInput: '', slice: blocked, started: true });
    expect(sliced.filter).toEqual({ valid: 'showOnlyValid' });
    expect(sliced.pages.container.pageIndex).toBe(0);
    expect(showsResultsBanner(sliced)).toBe(true);
  });

  it('clears on a second click, on a search, a filter, or show all', () => {
    const sliced = run(initialOverviewState(false), { type: 'slice', slice: blocked });
    expect(run(sliced, { type: 'slice', slice: { ...blocked } }).slice).toBeNull();
    expect(run(sliced, { type: 'runSearch' }).slice).toBeNull();
    expect(run(sliced, { type: 'applyFilter', filter: { vessel: 'Star' } }).slice).toBeNull();
    const all = run(sliced, { type: 'showAll' });
    expect(all.slice).toBeNull();
    expect(showsResultsBanner(all)).toBe(false);
  });

  it('travels with every page query as $slice[field] and $slice[value]', () => {
    const sliced = run(initialOverviewState(false), {
      type: 'slice',
      slice: { field: 'portOfDestination', value: '' },
    });
    const params = overviewSearchParams(pageQuery(sliced, 'bl'));
    expect(params.get('$slice[field]')).toBe('portOfDestination');
    expect(params.get('$slice[value]')).toBe('');
    expect(
      overviewSearchParams(pageQuery(initialOverviewState(false), 'bl')).has('$slice[field]'),
    ).toBe(false);
  });
});
