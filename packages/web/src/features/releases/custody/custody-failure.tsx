import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactSupportButton } from '../../../ui/help/contact-support-button.tsx';
import type { CustodyPhase } from './use-custody-action.ts';

/** Why a custody action failed, with the containers a conflict names (releases spec §8). */
export function CustodyFailure({ phase }: { phase: CustodyPhase }) {
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

/**
 * A custody dialog's buttons: cancel, and the confirm button given, or "Try again" when the
 * failure says trying again may help.
 */
export function CustodyDialogActions(props: {
  phase: CustodyPhase;
  onClose: () => void;
  onRetry: () => void;
  confirm: ReactNode;
}) {
  const { t } = useTranslation();
  const { phase } = props;
  return (
    <DialogActions>
      <Button onClick={props.onClose} disabled={phase.name === 'running'}>
        {t('releases.cancel')}
      </Button>
      {phase.name === 'failed' && phase.retry ? (
        <Button variant="contained" onClick={props.onRetry} data-testid="custody-retry">
          {t('releases.custody.tryAgain')}
        </Button>
      ) : (
        props.confirm
      )}
    </DialogActions>
  );
}
