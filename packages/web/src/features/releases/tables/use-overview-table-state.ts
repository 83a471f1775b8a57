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
import { applyUpdater, opaquePinnedCell, wrappingHeader } from './table-options.tsx';
import type { OverviewTableProps } from './overview-table-props.ts';

/**
 * Issue 15: the actions stay in view at the right edge, however many columns are shown; on the
 * per-container tab the container number (with its checkbox) stays at the left and the release
 * and transfer statuses beside the actions, so a 1440 px window shows all four without scrolling
 * sideways (e2e `everyday-overview.spec.ts`); their widths are chosen so that the default
 * columns fit there whole, none under the pinned ones (e2e `overview-layout.spec.ts`).
 */
export const pinnedColumns: Record<OverviewView, MRT_ColumnPinningState> = {
  bl: { left: [], right: ['mrt-row-actions'] },
  container: {
    left: ['mrt-row-select', 'containerNumber'],
    right: ['releaseStatus', 'transferStatus', 'mrt-row-actions'],
  },
};

/**
 * The pinned column at the edge of the part that scrolls sideways: `right`, the first of those
 * pinned right (what scrolls passes under it from the left); `left`, the last of those pinned
 * left. While columns lie hidden beyond that edge (the table container's `data-overflow-left`
 * or `-right`, `useScrollOverflow`), it casts a shadow over them: the table visibly goes on.
 */
export type PinnedEdge = 'left' | 'right';

const shadowColour = 'rgba(15, 35, 60, 0.28)';
const edgeShadows: Record<PinnedEdge, object> = {
  right: { '[data-overflow-right="true"] &': { boxShadow: `-10px 0 10px -8px ${shadowColour}` } },
  left: { '[data-overflow-left="true"] &': { boxShadow: `10px 0 10px -8px ${shadowColour}` } },
};

/** The cell styles of a pinned column of no fixed width (the container number, pinned left). */
export function pinnedEdge(edge: PinnedEdge) {
  const sx = { whiteSpace: 'nowrap', ...opaquePinnedCell, ...edgeShadows[edge] };
  return {
    muiTableHeadCellProps: { sx: { ...sx, ...wrappingHeader } },
    muiTableBodyCellProps: { sx },
  } as const;
}

/**
 * A pinned column's fixed width. MRT places a sticky column at the sum of the sizes of the pinned
 * columns beside it, so a pinned cell must be exactly its size: wider content would slide under
 * its neighbour. Longer text ends in "…" (a header in a long language, say), or with `wrap`
 * takes a second line ("Pincode / retrieved").
 */
export function pinnedWidth(size: number, options: { edge?: PinnedEdge; wrap?: boolean } = {}) {
  const sx = {
    ...opaquePinnedCell,
    ...(options.edge ? edgeShadows[options.edge] : {}),
    width: size,
    maxWidth: size,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: options.wrap ? 'normal' : 'nowrap',
  };
  return {
    size,
    minSize: size,
    muiTableHeadCellProps: { sx: { ...sx, ...wrappingHeader } },
    muiTableBodyCellProps: { sx },
  } as const;
}

/** The selection checkboxes' column (a compact checkbox and its padding). */
export const selectColumnWidth = 70;

/** The actions column: the "Actions" button and the secure pick-up mark. */
export const actionsColumnWidth = 136;

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
    // On the BL tab the actions are the only column pinned right: the edge of what scrolls.
    // The checkboxes' column at its rendered width, so the container number pinned beside it
    // starts where it ends.
    displayColumnDefOptions: {
      'mrt-row-select': pinnedWidth(selectColumnWidth),
      'mrt-row-actions': pinnedWidth(actionsColumnWidth, {
        edge: view === 'bl' ? 'right' : undefined,
      }),
    },
    state: { pagination, sorting, columnVisibility, columnPinning: pinnedColumns[view] },
  };
}
