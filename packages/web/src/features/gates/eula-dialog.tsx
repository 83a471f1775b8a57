import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { acceptEula } from '../../api/users.ts';
import { useSnackbar } from '../../app/snackbar/snackbar-context.ts';
import { useSession } from '../session/session-context.tsx';
import { useLogout } from '../session/use-logout.ts';

/** Access spec §8: an EULA update failure shows for 3000 ms. */
export const gateErrorMs = 3000;

/**
 * The EULA dialog (access spec §2, §4 step 5): a link to read it, a required accept box, submit
 * enabled only once ticked. Accepting records the EULA and re-authenticates for the updated
 * user; cancelling logs out.
 */
export function EulaDialog({ eula }: { eula: { id: number; url: string } }) {
  const { t } = useTranslation();
  const { user, store } = useSession();
  const logout = useLogout();
  const { enqueue } = useSnackbar();
  const [accepted, setAccepted] = useState(false);
  const [busy, setBusy] = useState(false);

  const accept = async () => {
    if (!user) return;
    setBusy(true);
    try {
      await acceptEula(user.id, eula.id);
      await store.refresh();
    } catch (error) {
      enqueue(describeApiError(error, t), 'error', { autoHideMs: gateErrorMs });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open aria-labelledby="eula-title" data-testid="eula-dialog" maxWidth="sm" fullWidth>
      <DialogTitle id="eula-title">{t('gates.eula.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{t('gates.eula.text')}</DialogContentText>
        <Link
          href={eula.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="eula-link"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
        >
          {t('gates.eula.read')}
          <OpenInNewIcon fontSize="small" aria-hidden />
        </Link>
        <FormControlLabel
          control={
            <Checkbox
              required
              checked={accepted}
              onChange={(event) => setAccepted(event.target.checked)}
              slotProps={{ input: { 'aria-required': true } }}
              data-testid="eula-accept-checkbox"
            />
          }
          label={t('gates.eula.accept')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void logout()} data-testid="eula-cancel">
          {t('gates.eula.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!accepted || busy}
          onClick={() => void accept()}
          data-testid="eula-submit"
        >
          {t('gates.eula.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
