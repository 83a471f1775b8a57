import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { ContactSupportButton } from '../help/contact-support-button.tsx';
import type { ErrorContent } from './error-content.ts';

export interface ErrorDialogViewProps {
  /** What the dialog shows; null while it is closed (or closing). */
  shown: ErrorContent | null;
  onClose: () => void;
  /** "Contact support" was pressed: the dialog gives way to the ticket form. */
  onContactSupport: () => void;
}

/** The general error dialog itself: the general title, the status, the text and its buttons. */
export function ErrorDialogView({ shown, onClose, onContactSupport }: ErrorDialogViewProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={shown !== null}
      onClose={onClose}
      role="alertdialog"
      aria-labelledby="error-dialog-title"
      aria-describedby="error-dialog-text"
      data-testid="error-dialog"
    >
      <DialogTitle id="error-dialog-title">{t('errorDialog.title')}</DialogTitle>
      <DialogContent>
        {shown?.status ? (
          <DialogContentText data-testid="error-dialog-status">
            {t('errorDialog.status', { status: shown.status })}
          </DialogContentText>
        ) : null}
        <DialogContentText id="error-dialog-text" data-testid="error-dialog-text">
          {shown?.text}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {shown && !shown.reloadOnClose ? (
          <ContactSupportButton
            destination={`error ${shown.status ?? ''}`.trim()}
            onClickCapture={onContactSupport}
          />
        ) : null}
        <Button variant="contained" onClick={onClose} autoFocus data-testid="error-dialog-close">
          {t('errorDialog.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
