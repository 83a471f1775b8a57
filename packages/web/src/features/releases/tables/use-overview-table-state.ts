import type { OverviewView } from '@scr/domain';
import type {
  MRT_ColumnPinningState,
  MRT_PaginationState,
  MRT_RowData,
  MRT_SortingState,
  MRT_TableOptions,
  MRT_VisibilityState,
} from 'material-react-table';
import { useMemo } from 'react';
import { hiddenOf, visibilityOf } from '../overview/column-preferences.ts';
import { applyUpdater, opaquePinnedCell } from './table-options.tsx';
import type { OverviewTableProps } from './overview-table-props.ts';

/**
 * Issue 15: the actions stay in view at the right edge, however many columns are shown; on the
 * per-container tab the container number (with its checkbox) stays at the left and the release
 * and transfer statuses beside the actions, so a 1440 px window shows all four without scrolling
 * sideways (e2e `everyday-overview.spec.ts`).
 */
export const pinnedColumns: Record<OverviewView, MRT_ColumnPinningState> = {
  bl: { left: [], right: ['mrt-row-actions'] },
  container: {
    left: ['mrt-row-select', 'containerNumber'],
    right: ['releaseStatus', 'transferStatus', 'mrt-row-actions'],
  },
};

/**
 * A pinned column's fixed width. MRT places a sticky column at the sum of the sizes of the pinned
 * columns beside it, so a pinned cell must be exactly its size: wider content would slide under
 * its neighbour. Longer text ends in "…" (a header in a long language, say).
 */
export function pinnedWidth(size: number) {
  const sx = {
    ...opaquePinnedCell,
    maxWidth: size,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  };
  return {
    size,
    minSize: size,
    muiTableHeadCellProps: { sx },
    muiTableBodyCellProps: { sx },
  } as const;
}

/** The actions column: the "Actions" button and the secure pick-up mark. */
export const actionsColumnWidth = 180;

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
    enableColumnPinning: true,
    displayColumnDefOptions: { 'mrt-row-actions': pinnedWidth(actionsColumnWidth) },
    state: { pagination, sorting, columnVisibility, columnPinning: pinnedColumns[view] },
  };
}
