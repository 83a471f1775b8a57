import type { OverviewView } from '@scr/domain';
import type { Dispatch } from 'react';
import type { OverviewQuery } from '../api/overview-query.ts';
import type { OverviewAction, OverviewState } from '../overview/overview-state.ts';

/** What the page hands each overview table. */
export interface OverviewTableProps {
  state: OverviewState;
  dispatch: Dispatch<OverviewAction>;
  hidden: string[];
  onHiddenChange: (ids: string[]) => void;
  onRowLimit: (limit: number) => void;
  /** The saved preferences are applied: the first page may be asked for. */
  ready: boolean;
}

/** The server query of one tab's current page. */
export function pageQuery(state: OverviewState, view: OverviewView): OverviewQuery {
  const page = state.pages[view];
  return {
    search: state.search,
    filter: state.filter,
    slice: state.slice,
    limit: page.pageSize,
    skip: page.pageIndex * page.pageSize,
    sort: state.sorting[view],
  };
}

/**
 * Whether a table waits for its first page: the overview has started and either the saved
 * preferences are not applied yet or the page's query has no answer (none kept from before).
 */
export function waitsForFirstPage(props: OverviewTableProps, page: { isPending: boolean }) {
  return props.state.started && (!props.ready || page.isPending);
}
