import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import {
  rowsPerPageOptions,
  type BillOfLadingRow,
  type ContainerRow,
  type OverviewView,
} from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { useSession } from '../../session/session-context.tsx';
import { ActionSplitButton } from '../actions/action-split-button.tsx';
import { actionsMenuKeys } from '../actions/actions-menu-state.tsx';
import { actionContext, showsActionColumn } from '../actions/offered-actions.ts';
import { useAssignLocations } from '../api/use-lookups.ts';
import { useHasActiveTransporter } from '../assignment/use-has-active-transporter.ts';
import { useOpenDialog } from '../dialogs/dialog-request.ts';
import { BlRowActions } from '../tables/bl-row-actions.tsx';
import { CellText, ReleaseStatusChip, TransferStatusText, typedDate } from '../tables/cells.tsx';
import { EmptyRows } from '../tables/empty-rows.tsx';
import { placeholderLines, useRememberShownRows } from '../tables/shown-rows.ts';
import { useOverviewPage } from '../tables/overview-page.ts';
import { waitsForFirstPage, type OverviewTableProps } from '../tables/overview-table-props.ts';
import { BillOfLadingPickupMethod, ContainerPickupMethod } from '../tables/pickup-method.tsx';
import { TerminalName } from '../tables/terminal-name.tsx';
import { CardField as Field, CardFields, CardList } from '../../../ui/phone-cards.tsx';

function BlCard({ bl, props }: { bl: BillOfLadingRow; props: OverviewTableProps }) {
  const { t } = useTranslation();
  const openDialog = useOpenDialog();
  const { user } = useSession();
  const { showsPickupMethod } = useAssignLocations();
  return (
    <Card variant="outlined" component="li" data-testid={`bl-card-${bl.blNumber}`}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            size="small"
            sx={{ fontWeight: 700, minWidth: 0, px: 0.5 }}
            onClick={() => openDialog({ kind: 'billOfLading', blNumber: bl.blNumber })}
          >
            {bl.blNumber}
          </Button>
          <Chip size="small" label={t('releases.containerCount', { count: bl.containerCount })} />
          <Box sx={{ flex: 1 }} />
          {user && showsActionColumn(user) ? (
            <BlRowActions bl={bl} search={props.state.search} filter={props.state.filter} />
          ) : null}
        </Stack>
        <CardFields>
          {showsPickupMethod ? (
            <Field label={t('releases.columns.pickupMethod')}>
              <BillOfLadingPickupMethod bl={bl} />
            </Field>
          ) : null}
          <Field label={t('releases.columns.vessel')}>
            <CellText text={bl.vessel} />
          </Field>
          <Field label={t('releases.columns.voyageNumber')}>
            <CellText text={bl.voyageNumber} />
          </Field>
          <Field label={t('releases.columns.agent')}>
            <CellText text={bl.agent} />
          </Field>
          <Field label={t('releases.columns.stayNumber')}>
            <CellText text={bl.stayNumber} />
          </Field>
        </CardFields>
      </CardContent>
    </Card>
  );
}

function ContainerCard({ row }: { row: ContainerRow }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const openDialog = useOpenDialog();
  const hasActiveTransporter = useHasActiveTransporter();
  const { showsPickupMethod } = useAssignLocations();
  return (
    <Card variant="outlined" component="li" data-testid={`container-card-${row.containerNumber}`}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {row.containerNumber}
          </Typography>
          <ReleaseStatusChip status={row.releaseStatus} />
          <Box sx={{ flex: 1 }} />
          {user && showsActionColumn(user) ? (
            <ActionSplitButton
              selection={[row]}
              context={actionContext(user, 'container', hasActiveTransporter)}
              securePickup={row.isSecurePickup}
              onAction={(action) => openDialog({ kind: action, rows: [row] })}
              menuKey={actionsMenuKeys.release(row.address)}
              testId={`container-actions-${row.containerNumber}`}
            />
          ) : null}
        </Stack>
        <CardFields>
          <Field label={t('releases.columns.transferStatus')}>
            <TransferStatusText status={row.transferStatus} />
          </Field>
          <Field label={t('releases.columns.blNumber')}>
            <CellText text={row.blNumber} />
          </Field>
          <Field label={t('releases.columns.pickupLocation')}>
            <TerminalName code={row.pickupLocation} />
          </Field>
          {showsPickupMethod ? (
            <Field label={t('releases.columns.pickupMethod')}>
              <ContainerPickupMethod pickupLocation={row.pickupLocation} />
            </Field>
          ) : null}
          <Field label={t('releases.columns.validUntil')}>{typedDate(row.validUntil)}</Field>
        </CardFields>
      </CardContent>
    </Card>
  );
}

/**
 * Issue 15: the overview on a phone, a list of cards instead of the desktop table (and without
 * its code): per BL or per container as the tab says, each card with its actions, paged by
 * the server like the tables, on the same query and page state.
 */
export function ReleaseCards({ view, ...props }: OverviewTableProps & { view: OverviewView }) {
  const { t } = useTranslation();
  const { state, dispatch } = props;
  const { page, rows, total, firstPending } = useOverviewPage(view, props);
  const { pageIndex, pageSize } = state.pages[view];
  // As the tables: waiting for the saved preferences counts as loading too (never "0–0 of 0").
  const loading = waitsForFirstPage(props, { isPending: firstPending });
  useRememberShownRows(view, 'cards', rows.length, !loading && state.started && !page.isError);
  return (
    <Box data-testid={`${view}-cards`}>
      {/* In a slot of its own height: the cards below do not move as it comes and goes. */}
      <Box sx={{ height: 4, mb: 1 }}>{page.isFetching ? <LinearProgress /> : null}</Box>
      {page.isError ? (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          {describeApiError(page.error, t)}
        </Typography>
      ) : null}
      {rows.length === 0 ? (
        <EmptyRows
          overview={props}
          loading={loading}
          failed={page.isError}
          // A card with its fields and the gap to the next one.
          placeholder={{
            lines: placeholderLines(view, 'cards', pageSize),
            lineHeight: 256,
            shape: 'card',
          }}
        />
      ) : (
        <CardList>
          {view === 'bl'
            ? (rows as BillOfLadingRow[]).map((bl) => <BlCard key={bl.id} bl={bl} props={props} />)
            : (rows as ContainerRow[]).map((row) => <ContainerCard key={row.address} row={row} />)}
        </CardList>
      )}
      <TablePagination
        component="div"
        count={total}
        page={pageIndex}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...rowsPerPageOptions]}
        onPageChange={(_, next) =>
          dispatch({ type: 'page', view, page: { pageIndex: next, pageSize } })
        }
        onRowsPerPageChange={(event) => {
          const size = Number(event.target.value);
          props.onRowLimit(size);
          dispatch({ type: 'page', view, page: { pageIndex: 0, pageSize: size } });
        }}
        // No "0–0 of 0" while the first page loads: nothing is counted yet.
        labelDisplayedRows={loading ? () => t('releases.loading') : undefined}
        sx={{ '& .MuiTablePagination-toolbar': { px: 0 } }}
      />
    </Box>
  );
}
