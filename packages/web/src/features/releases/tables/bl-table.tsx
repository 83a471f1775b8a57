import type { TableRowProps } from '@mui/material/TableRow';
import type { BillOfLadingRow } from '@scr/domain';
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { useSession } from '../../session/session-context.tsx';
import { showsActionColumn } from '../actions/offered-actions.ts';
import { billOfLadingColumns } from './bl-columns.tsx';
import { BlContainersTable } from './bl-containers-table.tsx';
import { BlRowActions } from './bl-row-actions.tsx';
import { useColumnsInOrder } from './column-order.ts';
import { useAssignLocations } from '../api/use-lookups.ts';
import { useOverviewPage } from './overview-page.ts';
import { waitsForFirstPage, type OverviewTableProps } from './overview-table-props.ts';
import { EmptyRows } from './empty-rows.tsx';
import { placeholderLines, useRememberShownRows } from './shown-rows.ts';
import { TableProgress } from './table-progress.tsx';
import { useScrollOverflow } from './scroll-overflow.tsx';
import { overviewTableOptions } from './table-options.tsx';
import { useOverviewTableState } from './use-overview-table-state.ts';

/** Releases spec §2 tab 1: one expandable row per BL; expanding shows its containers. */
export function BlTable(props: OverviewTableProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const { state } = props;
  const { page, rows, total, firstPending } = useOverviewPage('bl', props);
  // Releases spec §2: the pickupMethod column once some assign location has an order.
  const { showsPickupMethod } = useAssignLocations();
  const columns = useMemo(() => billOfLadingColumns(t, showsPickupMethod), [t, showsPickupMethod]);
  const tableState = useOverviewTableState<BillOfLadingRow>('bl', props);
  const loading = waitsForFirstPage(props, { isPending: firstPending });
  const { pageSize } = state.pages.bl;
  useRememberShownRows('bl', 'table', rows.length, !loading && state.started && !page.isError);
  const scroll = useScrollOverflow();
  const table = useMaterialReactTable<BillOfLadingRow>({
    ...overviewTableOptions<BillOfLadingRow>(t, currentLanguage(i18n), page, loading, scroll),
    ...tableState,
    columns,
    data: rows,
    rowCount: total,
    getRowId: (row) => String(row.id),
    enableRowActions: !!user && showsActionColumn(user),
    renderRowActions: ({ row }) => (
      <BlRowActions bl={row.original} search={state.search} filter={state.filter} />
    ),
    renderDetailPanel: ({ row }) => (
      <BlContainersTable
        blNumber={row.original.blNumber}
        search={state.search}
        filter={state.filter}
        testId={`bl-containers-${row.original.blNumber}`}
      />
    ),
    renderEmptyRowsFallback: () => (
      <EmptyRows
        overview={props}
        loading={loading}
        failed={page.isError}
        placeholder={{ lines: placeholderLines('bl', 'table', pageSize), lineHeight: 50 }}
      />
    ),
    muiTableBodyRowProps: ({ row, isDetailPanel }) =>
      (isDetailPanel ? {} : { 'data-testid': `bl-row-${row.original.blNumber}` }) as TableRowProps,
    state: {
      ...tableState.state,
      showAlertBanner: page.isError,
    },
  });
  useColumnsInOrder(table, columns);
  return (
    <div data-testid="bl-table">
      <TableProgress active={page.isFetching} />
      <MaterialReactTable table={table} />
    </div>
  );
}
