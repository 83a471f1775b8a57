import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { acceptTerms } from '../../api/users.ts';
import { useSnackbar } from '../../app/snackbar/snackbar-context.ts';
import { useSession } from '../session/session-context.tsx';
import { useLogout } from '../session/use-logout.ts';
import { gateErrorMs } from './eula-dialog.tsx';

/** The four duties of the terms of access (access spec §1), in the order the spec names them. */
const duties = ['customs', 'availability', 'returnEmpty', 'charges'] as const;

/**
 * The terms dialog (access spec §2, §4 "Terms") for users invited by the carrier: OK stays
 * disabled until the agree box is ticked, and saves termsAcceptedAt.
 */
export function TermsDialog() {
  const { t } = useTranslation();
  const { user, store } = useSession();
  const logout = useLogout();
  const { enqueue } = useSnackbar();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!user) return;
    setBusy(true);
    try {
      await acceptTerms(user.id);
      await store.refresh();
    } catch (error) {
      enqueue(describeApiError(error, t), 'error', { autoHideMs: gateErrorMs });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open aria-labelledby="terms-title" data-testid="terms-dialog" maxWidth="sm" fullWidth>
      <DialogTitle id="terms-title">{t('gates.terms.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('gates.terms.intro')}</DialogContentText>
        <ul data-testid="terms-duties">
          {duties.map((duty) => (
            <li key={duty}>
              <DialogContentText component="span">{t(`gates.terms.${duty}`)}</DialogContentText>
            </li>
          ))}
        </ul>
        <FormControlLabel
          control={
            <Checkbox
              checked={agreed}
              onChange={(event) => setAgreed(event.target.checked)}
              data-testid="terms-agree-checkbox"
            />
          }
          label={t('gates.terms.agree')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void logout()} data-testid="terms-logout">
          {t('profile.logout')}
        </Button>
        <Button
          variant="contained"
          disabled={!agreed || busy}
          onClick={() => void confirm()}
          data-testid="terms-ok"
        >
          {t('gates.terms.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
