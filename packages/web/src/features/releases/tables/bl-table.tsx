import type { TableRowProps } from '@mui/material/TableRow';
import type { BillOfLadingRow } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { useSession } from '../../session/session-context.tsx';
import { showsActionColumn } from '../actions/offered-actions.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { billOfLadingColumns } from './bl-columns.tsx';
import { BlContainersTable } from './bl-containers-table.tsx';
import { BlRowActions } from './bl-row-actions.tsx';
import { pageQuery, waitsForFirstPage, type OverviewTableProps } from './overview-table-props.ts';
import { knownAssignLocations, showsPickupMethodColumn } from './pickup-method.ts';
import { showsResultsBanner } from '../overview/overview-state.ts';
import { EmptyRows } from './empty-rows.tsx';
import { TableProgress } from './table-progress.tsx';
import { overviewTableOptions } from './table-options.ts';
import { useOverviewTableState } from './use-overview-table-state.ts';

/** Releases spec §2 tab 1: one expandable row per BL; expanding shows its containers. */
export function BlTable(props: OverviewTableProps) {
  const { t, i18n } = useTranslation();
  const api = useReleasesApi();
  const { user } = useSession();
  const { state, dispatch } = props;
  const query = pageQuery(state, 'bl');
  const page = useQuery({
    queryKey: releaseKeys.billsOfLading(query),
    queryFn: () => api.findBillsOfLading(query),
    enabled: props.ready && state.started,
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => billOfLadingColumns(t, showsPickupMethodColumn(knownAssignLocations)),
    [t],
  );
  const tableState = useOverviewTableState<BillOfLadingRow>('bl', props);
  const loading = waitsForFirstPage(props, page);
  const table = useMaterialReactTable<BillOfLadingRow>({
    ...overviewTableOptions<BillOfLadingRow>(
      currentLanguage(i18n),
      page.data?.totalCapped ? t('releases.ofMoreThan') : undefined,
      loading,
    ),
    ...tableState,
    columns,
    data: state.started ? (page.data?.data ?? []) : [],
    rowCount: state.started ? (page.data?.total ?? 0) : 0,
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
        loading={loading}
        started={state.started}
        failed={page.isError}
        onStart={() => dispatch({ type: 'start' })}
        searching={showsResultsBanner(state)}
        onShowAll={() => dispatch({ type: 'showAll' })}
      />
    ),
    muiToolbarAlertBannerProps: page.isError
      ? { color: 'error', children: describeApiError(page.error, t) }
      : undefined,
    muiTableBodyRowProps: ({ row, isDetailPanel }) =>
      (isDetailPanel ? {} : { 'data-testid': `bl-row-${row.original.blNumber}` }) as TableRowProps,
    state: {
      ...tableState.state,
      showAlertBanner: page.isError,
    },
  });
  return (
    <div data-testid="bl-table">
      <TableProgress active={page.isFetching} />
      <MaterialReactTable table={table} />
    </div>
  );
}
