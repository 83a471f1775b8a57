import type { OverviewView } from '@scr/domain';
import type {
  MRT_PaginationState,
  MRT_RowData,
  MRT_SortingState,
  MRT_TableOptions,
  MRT_VisibilityState,
} from 'material-react-table';
import { useMemo } from 'react';
import { hiddenOf, visibilityOf } from '../overview/column-preferences.ts';
import { applyUpdater } from './table-options.ts';
import type { OverviewTableProps } from './overview-table-props.ts';

/**
 * Ties a table's paging, sorting and column visibility to the overview state and the saved
 * preferences: a new page size or hidden column is saved, a new sort starts at page one.
 */
export function useOverviewTableState<T extends MRT_RowData>(
  view: OverviewView,
  { state, dispatch, hidden, onHiddenChange, onRowLimit }: OverviewTableProps,
): Partial<MRT_TableOptions<T>> {
  const pagination: MRT_PaginationState = state.pages[view];
  const sorting: MRT_SortingState = state.sorting[view];
  const columnVisibility: MRT_VisibilityState = useMemo(() => visibilityOf(hidden), [hidden]);
  return {
    onPaginationChange: (updater) => {
      const next = applyUpdater(updater, pagination);
      if (next.pageSize !== pagination.pageSize) {
        onRowLimit(next.pageSize);
        dispatch({ type: 'page', view, page: { pageIndex: 0, pageSize: next.pageSize } });
      } else dispatch({ type: 'page', view, page: next });
    },
    onSortingChange: (updater) =>
      dispatch({
        type: 'sort',
        view,
        sorting: applyUpdater(updater, sorting).map(({ id, desc }) => ({ id, desc })),
      }),
    onColumnVisibilityChange: (updater) =>
      onHiddenChange(hiddenOf(applyUpdater(updater, columnVisibility))),
    state: { pagination, sorting, columnVisibility },
  };
}
