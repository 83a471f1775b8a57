import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/**
 * Access spec §4 and §8: "Your session has expired or is invalid. Please log in again.", shown
 * once however many calls failed; Close leaves for the start page.
 */
export function SessionExpiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      role="alertdialog"
      aria-labelledby="session-expired-title"
      aria-describedby="session-expired-text"
      data-testid="session-expired-dialog"
    >
      <DialogTitle id="session-expired-title">{t('session.expiredTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="session-expired-text">{t('session.expired')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus data-testid="session-expired-close">
          {t('session.expiredClose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
