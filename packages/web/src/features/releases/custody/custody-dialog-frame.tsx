import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactSupportButton } from '../../../ui/help/contact-support-button.tsx';
import type { CustodyStep } from './custody-flow.ts';
import { CustodyProgress } from './custody-progress.tsx';
import type { CustodyPhase } from './use-custody-action.ts';

/**
 * The frame every custody dialog shares (transfer, revoke, block, unblock, pincode, the PCS
 * actions, assign and un-assign, and the bulk action step): the question, then while it runs
 * the step, a failure with what it names (releases spec §8), the wallet's prompt, and the
 * buttons: cancel, and the dialog's confirm button or "Try again" when that may help.
 */
export interface CustodyStepProps {
  /** The action's state (`useCustodyAction`, or the un-assign hook). */
  custody: { phase: CustodyPhase; retry: () => void; walletPrompt: ReactNode };
  onClose: () => void;
  /** Dialogs of its own opened over this one, beside the wallet's prompt. */
  dialogs?: ReactNode;
  /** The confirm button: always disabled while a step runs; `warning` for what takes away. */
  confirm: {
    label: string;
    onClick: () => void;
    disabled?: boolean;
    warning?: boolean;
    testId: string;
  };
  /** How a running step is shown; the checking-signing-applying line by default. */
  progress?: (step: CustodyStep) => ReactNode;
  /** What the dialog asks before it runs. */
  children: ReactNode;
}

/** The frame's content and buttons, for a dialog of its own (`CustodyStepDialog`) or a step. */
export function CustodyStepContent(props: CustodyStepProps) {
  const { phase } = props.custody;
  const progress = props.progress ?? ((step: CustodyStep) => <CustodyProgress step={step} />);
  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          {props.children}
          {phase.name === 'running' ? progress(phase.step) : null}
          <CustodyFailure phase={phase} />
        </Stack>
        {props.custody.walletPrompt}
        {props.dialogs}
      </DialogContent>
      <CustodyDialogActions {...props} />
    </>
  );
}

/** A custody dialog until it is done: it cannot be dismissed while a step runs. */
export function CustodyStepDialog({
  testId,
  title,
  ...props
}: CustodyStepProps & { testId: string; title: ReactNode }) {
  return (
    <Dialog
      open
      onClose={props.custody.phase.name === 'running' ? undefined : props.onClose}
      maxWidth="sm"
      fullWidth
      data-testid={testId}
    >
      <DialogTitle>{title}</DialogTitle>
      <CustodyStepContent {...props} />
    </Dialog>
  );
}

/** A custody dialog once it is done: its report and a close button. */
export function CustodyDoneDialog(props: {
  testId: string;
  closeTestId?: string;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth data-testid={props.testId}>
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>{props.children}</DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} data-testid={props.closeTestId ?? 'custody-close'}>
          {t('releases.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Why a custody action failed, with the containers a conflict names (releases spec §8). */
function CustodyFailure({ phase }: { phase: CustodyPhase }) {
  if (phase.name !== 'failed') return null;
  return (
    <Alert
      severity="error"
      data-testid="custody-error"
      action={phase.support ? <ContactSupportButton destination="custody" /> : undefined}
    >
      {phase.message}
      {phase.details && phase.details.length > 0 ? (
        <ul data-testid="custody-error-details">
          {phase.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

function CustodyDialogActions(props: CustodyStepProps) {
  const { t } = useTranslation();
  const { phase, retry } = props.custody;
  const { confirm } = props;
  return (
    <DialogActions>
      <Button onClick={props.onClose} disabled={phase.name === 'running'}>
        {t('releases.cancel')}
      </Button>
      {phase.name === 'failed' && phase.retry ? (
        <Button variant="contained" onClick={retry} data-testid="custody-retry">
          {t('releases.custody.tryAgain')}
        </Button>
      ) : (
        <Button
          variant="contained"
          color={confirm.warning ? 'warning' : 'primary'}
          onClick={confirm.onClick}
          disabled={confirm.disabled || phase.name === 'running'}
          data-testid={confirm.testId}
        >
          {confirm.label}
        </Button>
      )}
    </DialogActions>
  );
}
