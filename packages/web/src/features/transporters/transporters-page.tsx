import type { Driver, Transporter, TransporterType } from '@scr/domain';
import { assignmentFeatures } from '@scr/domain';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { usePhoneLayout } from '../../ui/phone-cards.tsx';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { FeatureGate } from '../premium/feature-gate.tsx';
import { useSession } from '../session/session-context.tsx';
import { EditTransporterDialog } from './edit-transporter-dialog.tsx';
import { IdentificationDialog } from './identification-dialog.tsx';
import { AddTransporterDialog } from './transporter-dialog.tsx';
import { TransporterCards, TransporterTable } from './transporter-rows.tsx';
import { listTransporters, transporterKeys } from './transporters-api.ts';
import { useTransporterPatch } from './use-transporter-patch.tsx';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; row: Transporter }
  | { kind: 'identify'; row: Driver }
  | { kind: 'deactivate'; row: Transporter };

/**
 * /drivers, /barges, /trains (access spec §2 "Drivers, barges, trains"): the organisation's
 * transporters of one kind, active or inactive, with add, edit, deactivate and, for drivers,
 * the identification dialog. Transport organisations only, each kind behind its flag. On a
 * phone the list is cards, so the page never grows wider than the window.
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
  // Access spec §2 on a phone: cards, as the release overview shows them (`usePhoneLayout`).
  const phone = usePhoneLayout();
  const rowsProps = {
    type,
    rows: list.data ?? [],
    actions: {
      identify: (row: Driver) => setDialog({ kind: 'identify', row }),
      edit: (row: Transporter) => setDialog({ kind: 'edit', row }),
      deactivate: (row: Transporter) => setDialog({ kind: 'deactivate', row }),
      reactivate: (row: Transporter) => status.patch(row.id, { isActive: true }),
    },
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
      <Paper
        variant="outlined"
        sx={{ mt: 1, ...(phone ? { border: 0, bgcolor: 'transparent' } : {}) }}
      >
        {phone ? <TransporterCards {...rowsProps} /> : <TransporterTable {...rowsProps} />}
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
