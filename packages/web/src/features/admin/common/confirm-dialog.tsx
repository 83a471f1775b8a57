import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useAdminT } from '../admin-i18n.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before a destructive action (deactivate, revoke, remove); the confirm button is red. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useAdminT();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby="admin-confirm-title"
      data-testid="admin-confirm-dialog"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="admin-confirm-title">{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{props.text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {t('common.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={props.onConfirm}
          disabled={props.busy}
          data-testid="admin-confirm"
        >
          {props.confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
