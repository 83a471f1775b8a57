import { describe, expect, it } from 'vitest';
import { overviewReducer, initialOverviewState } from './overview-state.ts';
import { overviewFromUrl, overviewUrl } from './overview-url.ts';

describe('the overview in the address (issue 15)', () => {
  it('reads the tab, the search and the filter of a link', () => {
    const link = overviewFromUrl(
      new URLSearchParams(
        'view=container&q=SOLU&releaseStatus=blocked&valid=showBoth&vessel=Maersk',
      ),
    );
    expect(link).toEqual({
      view: 'container',
      search: 'SOLU',
      filter: { releaseStatus: 'blocked', valid: 'showBoth', vessel: 'Maersk' },
    });
  });

  it('leaves out what is not the overview’s or not one of a field’s choices', () => {
    const link = overviewFromUrl(
      new URLSearchParams('view=sideways&releaseStatus=lost&valid=forever&foo=bar&q=%20%20'),
    );
    expect(link).toEqual({ view: 'bl', search: '', filter: {} });
    expect(overviewFromUrl(new URLSearchParams(`q=${'x'.repeat(500)}`)).search).toHaveLength(200);
  });

  it('writes only what differs from arriving fresh, keeping other parameters', () => {
    const fresh = { view: 'bl' as const, search: '', filter: { valid: 'showOnlyValid' as const } };
    expect(overviewUrl(fresh, new URLSearchParams('fwd=x&q=old')).toString()).toBe('fwd=x');
    const narrowed = {
      view: 'container' as const,
      search: 'MSKU 1',
      filter: { valid: 'expiresIn5' as const, transferStatus: 'owned' as const },
    };
    const written = overviewUrl(narrowed, new URLSearchParams());
    expect(written.toString()).toBe(
      'view=container&q=MSKU+1&valid=expiresIn5&transferStatus=owned',
    );
    expect(overviewFromUrl(written)).toEqual(narrowed);
  });

  it('a link with a search or filter starts the overview even for canSkipInitialLoad', () => {
    const start = initialOverviewState(true);
    const opened = overviewReducer(start, {
      type: 'link',
      link: { view: 'container', search: 'SOLU', filter: {} },
    });
    expect(opened).toMatchObject({
      view: 'container',
      search: 'SOLU',
      searchInput: 'SOLU',
      filter: { valid: 'showOnlyValid' },
      started: true,
    });
    const plain = overviewReducer(start, {
      type: 'link',
      link: { view: 'bl', search: '', filter: {} },
    });
    expect(plain.started).toBe(false);
  });
});
