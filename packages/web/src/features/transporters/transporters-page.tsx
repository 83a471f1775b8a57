import type { Driver, Transporter, TransporterType } from '@scr/domain';
import { assignmentFeatures } from '@scr/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { FeatureGate } from '../premium/feature-gate.tsx';
import { useSession } from '../session/session-context.tsx';
import { EditTransporterDialog } from './edit-transporter-dialog.tsx';
import { IdentificationDialog } from './identification-dialog.tsx';
import { AddTransporterDialog } from './transporter-dialog.tsx';
import { listTransporters, transporterKeys } from './transporters-api.ts';
import { useTransporterPatch } from './use-transporter-patch.tsx';

/** The columns each list shows besides the name (access spec §3). */
const columns: Record<TransporterType, string[]> = {
  driver: ['email', 'phone', 'alfaPass', 'itsme'],
  barge: ['eniNumber'],
  train: ['trainCode'],
};

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; row: Transporter }
  | { kind: 'identify'; row: Driver }
  | { kind: 'deactivate'; row: Transporter };

/**
 * /drivers, /barges, /trains (access spec §2 "Drivers, barges, trains"): the organisation's
 * transporters of one kind, active or inactive, with add, edit, deactivate and, for drivers,
 * the identification dialog. Transport organisations only, each kind behind its flag.
 */
export function TransportersPage({ type }: { type: TransporterType }) {
  const { user } = useSession();
  if (user?.organizationRole !== 'other') return <NotFoundPage />;
  return (
    <FeatureGate feature={assignmentFeatures[type]}>
      <TransporterList type={type} />
    </FeatureGate>
  );
}

function TransporterList({ type }: { type: TransporterType }) {
  const { t } = useTranslation();
  const [active, setActive] = useState(true);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const list = useQuery({
    queryKey: transporterKeys.list(type, active),
    queryFn: () => listTransporters(type, active),
  });
  const status = useTransporterPatch(type, { onDone: close });
  const cell = (row: Transporter, column: string) => {
    if (column === 'itsme') {
      const driver = row as Driver;
      return driver.itsmeCode ? t('transporters.itsmeRegistered') : '';
    }
    return String((row as unknown as Record<string, unknown>)[column] ?? '');
  };
  return (
    <Box data-testid={`${type}s-page`}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2, gap: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600, flexGrow: 1 }}>
          {t(`transporters.${type}.title`)}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setDialog({ kind: 'add' })}
          data-testid={`add-${type}`}
        >
          {t(`transporters.${type}.add`)}
        </Button>
      </Box>
      <Tabs value={active ? 'active' : 'inactive'} onChange={(_, v) => setActive(v === 'active')}>
        <Tab value="active" label={t('transporters.active')} data-testid="transporters-active" />
        <Tab
          value="inactive"
          label={t('transporters.inactive')}
          data-testid="transporters-inactive"
        />
      </Tabs>
      <Paper variant="outlined" sx={{ mt: 1 }}>
        <Table size="small" data-testid="transporters-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('transporters.fields.name')}</TableCell>
              {columns[type].map((column) => (
                <TableCell key={column}>{t(`transporters.fields.${column}`)}</TableCell>
              ))}
              <TableCell align="right">{t('transporters.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data ?? []).map((row) => (
              <TableRow key={row.id} data-testid="transporter-row">
                <TableCell>
                  {row.name}
                  {type === 'driver' && (row as Driver).identificationRequired && (
                    <Chip
                      size="small"
                      color="warning"
                      sx={{ ml: 1 }}
                      label={t('transporters.identificationRequired')}
                      data-testid="identification-required"
                    />
                  )}
                </TableCell>
                {columns[type].map((column) => (
                  <TableCell key={column}>{cell(row, column)}</TableCell>
                ))}
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {row.isActive && type === 'driver' && (
                    <Button
                      size="small"
                      onClick={() => setDialog({ kind: 'identify', row: row as Driver })}
                      data-testid="transporter-identify"
                    >
                      {t('transporters.identification.open')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    onClick={() => setDialog({ kind: 'edit', row })}
                    data-testid="transporter-edit"
                  >
                    {t('transporters.edit')}
                  </Button>
                  {row.isActive ? (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDialog({ kind: 'deactivate', row })}
                      data-testid="transporter-deactivate"
                    >
                      {t('transporters.deactivate')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      onClick={() => status.patch(row.id, { isActive: true })}
                      data-testid="transporter-reactivate"
                    >
                      {t('transporters.reactivate')}
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {list.isSuccess && list.data.length === 0 && (
          <Typography sx={{ p: 2, color: 'text.secondary' }} data-testid="transporters-empty">
            {t(active ? 'transporters.emptyActive' : 'transporters.emptyInactive')}
          </Typography>
        )}
      </Paper>
      {dialog?.kind === 'add' && <AddTransporterDialog type={type} onClose={close} />}
      {dialog?.kind === 'edit' && (
        <EditTransporterDialog type={type} row={dialog.row} onClose={close} />
      )}
      {dialog?.kind === 'identify' && <IdentificationDialog driver={dialog.row} onClose={close} />}
      <ConfirmDialog
        open={dialog?.kind === 'deactivate'}
        title={t(`transporters.${type}.deactivateTitle`)}
        text={t('transporters.deactivateText', {
          name: dialog?.kind === 'deactivate' ? dialog.row.name : '',
        })}
        confirmLabel={t('transporters.deactivate')}
        cancelLabel={t('transporters.cancel')}
        testId="transporter-deactivate-confirm"
        danger
        busy={status.isPending}
        onClose={close}
        onConfirm={() =>
          dialog?.kind === 'deactivate' && status.patch(dialog.row.id, { isActive: false })
        }
      />
      {status.warning}
    </Box>
  );
}
