import DialogContentText from '@mui/material/DialogContentText';
import type { ContainerRow } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { CustodyReportView } from './custody-report-view.tsx';
import { useTransferTarget } from './target-selector.tsx';
import { CustodyDoneDialog, CustodyStepDialog } from './custody-dialog-frame.tsx';
import { useCustodyAction } from './use-custody-action.ts';
import { SelectedContainers } from '../dialogs/selected-containers.tsx';

/** The actions this dialog asks for: transfer and revoke (any party), block and unblock (carrier). */
export type ConfirmedCustodyAction = 'transfer' | 'revoke' | 'block' | 'unblock';

export interface CustodyDialogProps {
  action: ConfirmedCustodyAction;
  rows: ContainerRow[];
  onClose: () => void;
}

/**
 * Releases spec §2: the transfer/revoke dialog (with the target organisation selector for a
 * transfer) and the block/unblock confirmation, each ending in its report.
 */
export function CustodyDialog({ action, rows, onClose }: CustodyDialogProps) {
  const { t } = useTranslation();
  const custody = useCustodyAction(action);
  const { phase } = custody;
  const running = phase.name === 'running';
  const target = useTransferTarget(action === 'transfer', running);

  const confirm = () => {
    const chosen = target.chosen();
    if (chosen === false) return;
    void custody.start(
      rows.map((row) => row.address),
      chosen,
    );
  };

  if (phase.name === 'done') {
    return (
      <CustodyDoneDialog
        testId="custody-dialog"
        title={t(`releases.custody.${action}.reportTitle`)}
        onClose={onClose}
      >
        <CustodyReportView outcome={phase.outcome} />
      </CustodyDoneDialog>
    );
  }
  return (
    <CustodyStepDialog
      testId="custody-dialog"
      title={t(`releases.custody.${action}.title`)}
      custody={custody}
      onClose={onClose}
      confirm={{
        label: t(`releases.custody.${action}.confirm`),
        onClick: confirm,
        disabled: target.noTargets || rows.length === 0,
        warning: action === 'block' || action === 'revoke',
        testId: 'custody-confirm',
      }}
    >
      <DialogContentText data-testid="custody-count">
        {t(`releases.custody.${action}.text`, { count: rows.length })}
      </DialogContentText>
      <SelectedContainers rows={rows} />
      {target.selector}
    </CustodyStepDialog>
  );
}
