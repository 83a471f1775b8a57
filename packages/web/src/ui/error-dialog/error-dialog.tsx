import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactSupportButton } from '../help/contact-support-button.tsx';
import { pageNavigation } from '../page-navigation.ts';
import { errorContent, type ErrorContent } from './error-content.ts';

export interface ErrorDialogApi {
  /** Shows the general error dialog for a failure nothing else explains. */
  showError: (error: unknown) => void;
}

const ErrorDialogContext = createContext<ErrorDialogApi | null>(null);

export interface ErrorDialogProviderProps {
  /** Whether the session's token has expired (a 401 without text then reads "session expired"). */
  tokenExpired: () => boolean;
  children: ReactNode;
}

/**
 * The general error dialog (releases spec §2 "Session-expired dialog and general error dialog",
 * §8; access spec §8 "401 generic dialog", "Ticket failure: general error"): the general title,
 * the status and the text, and "Contact support", which opens the ticket form. One at a time;
 * closing it after a 401 reloads the page.
 */
export function ErrorDialogProvider({ tokenExpired, children }: ErrorDialogProviderProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<ErrorContent | null>(null);
  const showError = useCallback(
    (error: unknown) => setShown((current) => current ?? errorContent(error, t, tokenExpired())),
    [t, tokenExpired],
  );
  const api = useMemo(() => ({ showError }), [showError]);
  const close = () => {
    const reload = shown?.reloadOnClose;
    setShown(null);
    if (reload) pageNavigation.reload();
  };

  return (
    <ErrorDialogContext.Provider value={api}>
      {children}
      <Dialog
        open={shown !== null}
        onClose={close}
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
              onClickCapture={() => setShown(null)}
            />
          ) : null}
          <Button variant="contained" onClick={close} autoFocus data-testid="error-dialog-close">
            {t('errorDialog.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </ErrorDialogContext.Provider>
  );
}

/** The general error dialog, for any component inside the providers. */
export function useErrorDialog(): ErrorDialogApi {
  const api = useContext(ErrorDialogContext);
  if (!api) throw new Error('useErrorDialog must be used inside ErrorDialogProvider');
  return api;
}
