import { describe, expect, it } from 'vitest';
import {
  initialOverviewState,
  overviewReducer,
  showsResultsBanner,
  type OverviewAction,
  type OverviewState,
} from './overview-state.ts';

const run = (state: OverviewState, ...actions: OverviewAction[]) =>
  actions.reduce(overviewReducer, state);

describe('overview state (releases spec §2 "Above the table")', () => {
  it('Enter runs the typed search and resets the validity filter to valid only', () => {
    const filtered = run(
      initialOverviewState(false),
      { type: 'applyFilter', filter: { vessel: 'Star', valid: 'showOnlyInvalid' } },
      { type: 'page', view: 'bl', page: { pageIndex: 3, pageSize: 25 } },
      { type: 'typeSearch', text: '  msku ' },
    );
    expect(filtered.search).toBe('');
    const searched = run(filtered, { type: 'runSearch' });
    expect(searched.search).toBe('msku');
    expect(searched.filter).toEqual({ vessel: 'Star', valid: 'showOnlyValid' });
    expect(searched.pages.bl).toEqual({ pageIndex: 0, pageSize: 25 });
  });

  it('shows the "Showing results for" banner only while a search or filter narrows', () => {
    const start = initialOverviewState(false);
    expect(showsResultsBanner(start)).toBe(false);
    expect(showsResultsBanner(run(start, { type: 'typeSearch', text: 'x' }))).toBe(false);
    expect(
      showsResultsBanner(run(start, { type: 'typeSearch', text: 'x' }, { type: 'runSearch' })),
    ).toBe(true);
    const valid = run(start, { type: 'applyFilter', filter: { valid: 'showOnlyValid' } });
    expect(showsResultsBanner(valid)).toBe(false);
    const expired = run(start, { type: 'applyFilter', filter: { valid: 'expiresIn5' } });
    expect(showsResultsBanner(expired)).toBe(true);
    const cleared = run(expired, { type: 'showAll' });
    expect(showsResultsBanner(cleared)).toBe(false);
    expect(cleared.filter).toEqual({ valid: 'showOnlyValid' });
  });

  it('starts empty with canSkipInitialLoad until Start, a search or a filter', () => {
    expect(initialOverviewState(false).started).toBe(true);
    const waiting = initialOverviewState(true);
    expect(waiting.started).toBe(false);
    expect(run(waiting, { type: 'start' }).started).toBe(true);
    expect(run(waiting, { type: 'runSearch' }).started).toBe(true);
    expect(run(waiting, { type: 'applyFilter', filter: {} }).started).toBe(true);
    expect(run(waiting, { type: 'showAll' }).started).toBe(false);
  });

  it('starts with 10 BL rows and 50 container rows a page (spec §9), restored limits replace them', () => {
    const start = initialOverviewState(false);
    expect(start.pages).toEqual({
      bl: { pageIndex: 0, pageSize: 10 },
      container: { pageIndex: 0, pageSize: 50 },
    });
    const restored = run(start, { type: 'restoreLimits', limits: { bl: 25, container: 10 } });
    expect(restored.pages.bl.pageSize).toBe(25);
    expect(restored.pages.container.pageSize).toBe(10);
  });

  it('goes back to the first page when the sort changes', () => {
    const state = run(
      initialOverviewState(false),
      { type: 'page', view: 'container', page: { pageIndex: 2, pageSize: 50 } },
      { type: 'sort', view: 'container', sorting: [{ id: 'validUntil', desc: true }] },
    );
    expect(state.pages.container.pageIndex).toBe(0);
    expect(state.sorting.container).toEqual([{ id: 'validUntil', desc: true }]);
  });
});
