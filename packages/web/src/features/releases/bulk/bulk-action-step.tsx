import DialogContentText from '@mui/material/DialogContentText';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CustodyStepContent } from '../custody/custody-dialog-frame.tsx';
import type { CustodyOutcome } from '../custody/custody-flow.ts';
import { useTransferTarget } from '../custody/target-selector.tsx';
import { useCustodyAction } from '../custody/use-custody-action.ts';
import { actionFraction } from './bulk-flow.ts';
import { BulkProgress } from './bulk-progress.tsx';

/** The bulk actions that take no transporter: the assign dialog does the fourth. */
export type BulkCustodyAction = 'transfer' | 'revoke' | 'pincode';

/**
 * Issue 13 item 1: the action on the eligible releases through the same signed path as a
 * manual one (dry run, the wallet's reseal and one signed statement for the whole batch, the
 * second call), with its progress bar; `report` renders what it did.
 */
export function BulkActionStep(props: {
  action: BulkCustodyAction;
  addresses: readonly string[];
  onBack: () => void;
  report: (outcome: CustodyOutcome) => ReactNode;
}) {
  const { t } = useTranslation();
  const { action, addresses } = props;
  const custody = useCustodyAction(action);
  const { phase } = custody;
  const running = phase.name === 'running';
  const target = useTransferTarget(action === 'transfer', running);
  if (phase.name === 'done') return <>{props.report(phase.outcome)}</>;

  const confirm = () => {
    const chosen = target.chosen();
    if (chosen !== false) void custody.start(addresses, chosen);
  };
  return (
    <CustodyStepContent
      custody={custody}
      onClose={props.onBack}
      progress={(step) => (
        <BulkProgress
          testId="bulk-action-progress"
          fraction={actionFraction(step)}
          label={t(`releases.custody.step.${step}`)}
        />
      )}
      confirm={{
        label: t(`releases.bulk.confirm.${action}Button`),
        onClick: confirm,
        disabled: target.noTargets || addresses.length === 0,
        warning: action === 'revoke',
        testId: 'bulk-confirm',
      }}
    >
      <DialogContentText data-testid="bulk-action-count">
        {t(`releases.bulk.confirm.${action}`, { count: addresses.length })}
      </DialogContentText>
      {target.selector}
    </CustodyStepContent>
  );
}
