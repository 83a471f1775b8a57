import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../on-demand.tsx';
import { pageNavigation } from '../page-navigation.ts';
import { errorContent, type ErrorContent } from './error-content.ts';

/** The dialog's code (MUI's Dialog and modal) arrives with the first error shown. */
export const ErrorDialogView = onDemand(
  async () => (await import('./error-dialog-view.tsx')).ErrorDialogView,
);

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
  // Mounted from the first error on, so that closing it plays its transition.
  const [wanted, setWanted] = useState(false);
  if (shown && !wanted) setWanted(true);
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
      {wanted ? (
        <Suspense fallback={null}>
          <ErrorDialogView shown={shown} onClose={close} onContactSupport={() => setShown(null)} />
        </Suspense>
      ) : null}
    </ErrorDialogContext.Provider>
  );
}

/** The general error dialog, for any component inside the providers. */
export function useErrorDialog(): ErrorDialogApi {
  const api = useContext(ErrorDialogContext);
  if (!api) throw new Error('useErrorDialog must be used inside ErrorDialogProvider');
  return api;
}
