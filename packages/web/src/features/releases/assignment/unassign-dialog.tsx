import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import type { ContainerRow } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CustodyStepDialog } from '../custody/custody-dialog-frame.tsx';
import { assignmentKeys, useAssignmentApi } from './assignment-api.tsx';
import { AssignmentReportDialog } from './assignment-report.tsx';
import { useUnassign } from './use-unassign.ts';
import { SelectedContainers } from '../dialogs/selected-containers.tsx';

/**
 * Releases spec §2 the Un-assign side of the assignment dialog: who the selection is assigned to
 * now (`info`), a confirmation, the signed unassign, and the report (releases without an
 * assignee are listed as such, §4).
 */
export function UnassignDialog({ rows, onClose }: { rows: ContainerRow[]; onClose: () => void }) {
  const { t } = useTranslation();
  const calls = useAssignmentApi();
  const addresses = useMemo(() => rows.map((row) => row.address), [rows]);
  const info = useQuery({
    queryKey: assignmentKeys.info(addresses),
    queryFn: () => calls.info(addresses),
  });
  const custody = useUnassign();
  const { phase, unassign } = custody;
  if (phase.name === 'done') {
    return <AssignmentReportDialog outcome={phase.outcome} onClose={onClose} />;
  }
  const names = info.data
    ? [...info.data.assignedDrivers, ...info.data.assignedBarges, ...info.data.assignedTrains]
    : [];
  return (
    <CustodyStepDialog
      testId="unassign-dialog"
      title={t('assignment.unassignTitle')}
      custody={custody}
      onClose={onClose}
      confirm={{
        label: t('assignment.unassignConfirm'),
        onClick: () => void unassign(addresses),
        disabled: rows.length === 0,
        warning: true,
        testId: 'unassign-confirm',
      }}
    >
      <DialogContentText>{t('assignment.unassignText', { count: rows.length })}</DialogContentText>
      <SelectedContainers rows={rows} />
      {names.length > 0 ? (
        <Alert severity="info" data-testid="unassign-current">
          {t('assignment.currentlyAssigned', { names: names.join(', ') })}
        </Alert>
      ) : null}
    </CustodyStepDialog>
  );
}
