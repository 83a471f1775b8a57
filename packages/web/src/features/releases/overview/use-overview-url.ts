import { useEffect, useRef, type Dispatch } from 'react';
import { useSearchParams } from 'react-router';
import type { OverviewAction, OverviewState } from './overview-state.ts';
import { overviewFromUrl, overviewUrl, sameLink, type OverviewLink } from './overview-url.ts';

const linkOf = (state: OverviewState): OverviewLink => ({
  view: state.view,
  search: state.search,
  filter: state.filter,
});

/**
 * Issue 15: the overview's tab, search and filter live in the address, so a reload or a shared
 * link opens the same overview. The page starts from the address (`overviewFromUrl`); each
 * change replaces the address (no history entry per keystroke); Back and Forward, which change
 * the address, change the overview.
 */
export function useOverviewUrl(state: OverviewState, dispatch: Dispatch<OverviewAction>) {
  const [params, setParams] = useSearchParams();
  const written = useRef(params.toString());

  // The address changed by itself (Back, Forward, a link inside the app): follow it.
  useEffect(() => {
    const text = params.toString();
    if (text === written.current) return;
    written.current = text;
    const link = overviewFromUrl(params);
    if (!sameLink(link, linkOf(state))) dispatch({ type: 'link', link });
    // Only a new address matters here, not every state change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  useEffect(() => {
    const next = overviewUrl(linkOf(state), params);
    if (next.toString() === params.toString()) return;
    written.current = next.toString();
    setParams(next, { replace: true });
    // The state decides the address; the address is compared, not followed, here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.view, state.search, state.filter]);
}
