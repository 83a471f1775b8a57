import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import type { TableRowProps } from '@mui/material/TableRow';
import type { ContainerRow } from '@scr/domain';
import { MaterialReactTable, useMaterialReactTable } from 'material-react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { useSession } from '../../session/session-context.tsx';
import { ActionSplitButton } from '../actions/action-split-button.tsx';
import { actionsMenuKeys } from '../actions/actions-menu-state.tsx';
import { actionContext, showsActionColumn } from '../actions/offered-actions.ts';
import { useOpenDialog } from '../dialogs/dialog-request.ts';
import { useColumnsInOrder } from './column-order.ts';
import { containerColumns } from './container-columns.tsx';
import { useAssignLocations } from '../api/use-lookups.ts';
import { useOverviewPage } from './overview-page.ts';
import { waitsForFirstPage, type OverviewTableProps } from './overview-table-props.ts';
import { EmptyRows } from './empty-rows.tsx';
import { placeholderLines, useRememberShownRows } from './shown-rows.ts';
import { TableProgress } from './table-progress.tsx';
import { useScrollOverflow } from './scroll-overflow.tsx';
import { applyUpdater, overviewTableOptions } from './table-options.tsx';
import { useOverviewTableState } from './use-overview-table-state.ts';
import { useHasActiveTransporter } from '../assignment/use-has-active-transporter.ts';
import { SelectAllMatching } from '../selection/select-all-matching.tsx';

export type Selection = Record<string, ContainerRow>;

export interface ContainerTableProps extends OverviewTableProps {
  /** The selected releases by address, kept across pages. */
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
}

/** Releases spec §2 tab 2: one row per container, selectable, with the selection's actions. */
export function ContainerTable(props: ContainerTableProps) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const openDialog = useOpenDialog();
  const [onlySelected, setOnlySelected] = useState(false);
  const { state, dispatch, selection, onSelectionChange } = props;
  const { query, page, rows: pageRows, total, firstPending } = useOverviewPage('container', props);
  const role = user?.organizationRole;
  const features = user?.features;
  // Releases spec §2: the pickupMethod column once some assign location has an order.
  const { showsPickupMethod } = useAssignLocations();
  const columns = useMemo(
    () =>
      features && role
        ? containerColumns(t, { role, features, showPickupMethod: showsPickupMethod })
        : [],
    [t, role, features, showsPickupMethod],
  );
  // A selected row on the current page shows its freshest data.
  const selected = Object.keys(selection).map(
    (address) => pageRows.find((row) => row.address === address) ?? selection[address]!,
  );
  const rowSelection = Object.fromEntries(selected.map((row) => [row.address, true]));
  const { pageIndex, pageSize } = state.pages.container;
  const selectedPage = selected.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize);
  const tableState = useOverviewTableState<ContainerRow>('container', props);
  const loading = !onlySelected && waitsForFirstPage(props, { isPending: firstPending });
  useRememberShownRows(
    'container',
    'table',
    pageRows.length,
    !onlySelected && !loading && state.started && !page.isError,
  );
  const offersActions = !!user && showsActionColumn(user);
  const hasActiveTransporter = useHasActiveTransporter();
  const context = user ? actionContext(user, 'container', hasActiveTransporter) : null;

  const scroll = useScrollOverflow();
  const table = useMaterialReactTable<ContainerRow>({
    ...overviewTableOptions<ContainerRow>(t, currentLanguage(i18n), page, loading, scroll),
    ...tableState,
    columns,
    // The selected rows are paged in the browser: a selection of thousands (issue 13 item 4).
    data: onlySelected ? selectedPage : pageRows,
    rowCount: onlySelected ? selected.length : total,
    getRowId: (row) => row.address,
    enableRowSelection: true,
    selectAllMode: 'page',
    onRowSelectionChange: (updater) => {
      const next = applyUpdater(updater, rowSelection);
      const known = new Map([...selected, ...pageRows].map((row) => [row.address, row]));
      onSelectionChange(
        Object.fromEntries(
          Object.keys(next)
            .filter((address) => next[address] && known.has(address))
            .map((address) => [address, known.get(address)!]),
        ),
      );
    },
    enableRowActions: offersActions,
    renderRowActions: ({ row }) =>
      context ? (
        <ActionSplitButton
          selection={[row.original]}
          context={context}
          securePickup={row.original.isSecurePickup}
          onAction={(action) => openDialog({ kind: action, rows: [row.original] })}
          menuKey={actionsMenuKeys.release(row.original.address)}
          testId={`container-actions-${row.original.containerNumber}`}
        />
      ) : null,
    renderTopToolbarCustomActions: () => (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', p: 0.5 }}>
        {offersActions && context && selected.length > 0 ? (
          <ActionSplitButton
            selection={selected}
            context={context}
            securePickup={selected.some((row) => row.isSecurePickup)}
            onAction={(action) => openDialog({ kind: action, rows: selected })}
            menuKey={actionsMenuKeys.selection}
            testId="selection-actions"
          />
        ) : null}
        <FormControlLabel
          control={
            <Switch
              checked={onlySelected}
              onChange={(event) => {
                setOnlySelected(event.target.checked);
                dispatch({ type: 'page', view: 'container', page: { pageIndex: 0, pageSize } });
              }}
              data-testid="show-selected"
            />
          }
          label={t('releases.showSelected', { count: selected.length })}
        />
      </Stack>
    ),
    renderEmptyRowsFallback: () => (
      <EmptyRows
        overview={props}
        loading={loading}
        failed={!onlySelected && page.isError}
        started={state.started || onlySelected}
        placeholder={{ lines: placeholderLines('container', 'table', pageSize), lineHeight: 50 }}
      />
    ),
    muiTableBodyRowProps: ({ row, isDetailPanel }) =>
      (isDetailPanel
        ? {}
        : { 'data-testid': `container-row-${row.original.containerNumber}` }) as TableRowProps,
    state: {
      ...tableState.state,
      rowSelection,
      showAlertBanner: page.isError,
    },
  });
  useColumnsInOrder(table, columns);
  return (
    <div data-testid="container-table">
      <SelectAllMatching
        query={query}
        total={page.data?.total ?? 0}
        totalCapped={!!page.data?.totalCapped}
      />
      <TableProgress active={!onlySelected && page.isFetching} />
      <MaterialReactTable table={table} />
    </div>
  );
}
