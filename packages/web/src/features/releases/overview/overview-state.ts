import {
  defaultRowLimit,
  defaultValidityFilter,
  isFilterActive,
  toggleSlice,
  type DashboardSlice,
  type OverviewFilter,
  type OverviewView,
} from '@scr/domain';
import type { SortColumn } from '../api/overview-query.ts';
import type { OverviewLink } from './overview-url.ts';

export interface PageState {
  pageIndex: number;
  pageSize: number;
}

/** What the overview shows: the tab, the search and filter applied, each tab's page and sort. */
export interface OverviewState {
  view: OverviewView;
  /** What is typed in the search box; it applies on Enter or a moment after typing stops. */
  searchInput: string;
  search: string;
  filter: OverviewFilter;
  /** The dashboard slice clicked (issue 13 item 3), or null; it replaces search and filter. */
  slice: DashboardSlice | null;
  pages: Record<OverviewView, PageState>;
  sorting: Record<OverviewView, SortColumn[]>;
  /** False while a canSkipInitialLoad user has not pressed Start (nor searched or filtered). */
  started: boolean;
}

export type OverviewAction =
  | { type: 'view'; view: OverviewView }
  | { type: 'typeSearch'; text: string }
  | { type: 'runSearch' }
  | { type: 'applyFilter'; filter: OverviewFilter }
  | { type: 'showAll' }
  | { type: 'slice'; slice: DashboardSlice | null }
  | { type: 'page'; view: OverviewView; page: PageState }
  | { type: 'sort'; view: OverviewView; sorting: SortColumn[] }
  | { type: 'restoreLimits'; limits: Record<OverviewView, number> }
  | { type: 'start' }
  /** Issue 15: the tab, search and filter of the address (a reload, a shared link, Back). */
  | { type: 'link'; link: OverviewLink };

export const defaultFilter: OverviewFilter = { valid: defaultValidityFilter };

/** The overview on arrival; a canSkipInitialLoad user starts with an empty table. */
export function initialOverviewState(skipInitialLoad: boolean): OverviewState {
  return {
    view: 'bl',
    searchInput: '',
    search: '',
    filter: defaultFilter,
    slice: null,
    pages: {
      bl: { pageIndex: 0, pageSize: defaultRowLimit.bl },
      container: { pageIndex: 0, pageSize: defaultRowLimit.container },
    },
    sorting: { bl: [], container: [] },
    started: !skipInitialLoad,
  };
}

const firstPages = (pages: OverviewState['pages']) => ({
  bl: { ...pages.bl, pageIndex: 0 },
  container: { ...pages.container, pageIndex: 0 },
});

export function overviewReducer(state: OverviewState, action: OverviewAction): OverviewState {
  switch (action.type) {
    case 'view':
      return { ...state, view: action.view };
    case 'typeSearch':
      return { ...state, searchInput: action.text };
    case 'runSearch':
      // Releases spec §2: Enter runs the search and resets the validity filter to valid only.
      return {
        ...state,
        search: state.searchInput.trim(),
        filter: { ...state.filter, valid: defaultValidityFilter },
        slice: null,
        pages: firstPages(state.pages),
        started: true,
      };
    case 'applyFilter':
      return {
        ...state,
        filter: { ...action.filter, valid: action.filter.valid ?? defaultValidityFilter },
        slice: null,
        pages: firstPages(state.pages),
        started: true,
      };
    case 'showAll':
      return {
        ...state,
        searchInput: '',
        search: '',
        filter: defaultFilter,
        slice: null,
        pages: firstPages(state.pages),
      };
    case 'slice':
      // Releases spec §2: a slice filters the table to exactly its releases; again, clears it.
      return {
        ...state,
        searchInput: '',
        search: '',
        filter: defaultFilter,
        slice: toggleSlice(state.slice, action.slice),
        pages: firstPages(state.pages),
        started: true,
      };
    case 'page':
      return { ...state, pages: { ...state.pages, [action.view]: action.page } };
    case 'sort':
      return {
        ...state,
        sorting: { ...state.sorting, [action.view]: action.sorting },
        pages: { ...state.pages, [action.view]: { ...state.pages[action.view], pageIndex: 0 } },
      };
    case 'restoreLimits':
      return {
        ...state,
        pages: {
          bl: { pageIndex: 0, pageSize: action.limits.bl },
          container: { pageIndex: 0, pageSize: action.limits.container },
        },
      };
    case 'start':
      return { ...state, started: true };
    case 'link': {
      const { view, search, filter } = action.link;
      const narrowed = search !== '' || isFilterActive(filter);
      return {
        ...state,
        view,
        searchInput: search,
        search,
        filter: { ...filter, valid: filter.valid ?? defaultValidityFilter },
        slice: null,
        pages: firstPages(state.pages),
        started: state.started || narrowed,
      };
    }
  }
}

/** Releases spec §2: the "Showing results for …" banner shows while a filter or search narrows. */
export function showsResultsBanner(
  state: Pick<OverviewState, 'search' | 'filter'> & { slice?: DashboardSlice | null },
): boolean {
  return isFilterActive(state.filter) || state.search.trim() !== '' || !!state.slice;
}

/**
 * Which results the overview narrows to: its search, filter and dashboard slice (not its page
 * or sort). A new key is a new set of results, and the selection made in the old one goes
 * (`ReleasesPage`): an action never acts on containers the table no longer shows.
 */
export function resultsKey(state: Pick<OverviewState, 'search' | 'filter' | 'slice'>): string {
  return JSON.stringify([state.search, state.filter, state.slice]);
}
