import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useCallback, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SessionProvider } from '../features/session/session-context.tsx';
import type { SessionStore } from '../features/session/session-store.ts';
import { ErrorDialogProvider } from '../ui/error-dialog/error-dialog.tsx';
import { HelpProvider } from '../ui/help/help-context.tsx';
import { LocalizedComponents } from '../ui/localized-components.tsx';
import { SnackbarProvider } from '../ui/snackbar/snackbar-provider.tsx';
import { reducedMotionQuery, reducedMotionTheme, theme } from './theme.ts';

export interface ProvidersProps {
  i18n: I18n;
  queryClient: QueryClient;
  /** The session: who is signed in, their token, the session-expired alert. */
  session: SessionStore;
  children: ReactNode;
}

/**
 * Everything the pages rely on: theme, translations, server state, session, snackbars, help and
 * the general error dialog.
 */
export function Providers({ i18n, queryClient, session, children }: ProvidersProps) {
  // The general error dialog's "token expired": the session ended or was never there.
  const tokenExpired = useCallback(() => {
    const state = session.getState();
    return state.expired || state.status !== 'signedIn';
  }, [session]);
  // Read at the first render, so that nothing animates before the preference is known.
  const reducedMotion = useMediaQuery(reducedMotionQuery, { noSsr: true });
  return (
    <ThemeProvider theme={reducedMotion ? reducedMotionTheme : theme}>
      <CssBaseline />
      <I18nextProvider i18n={i18n}>
        <LocalizedComponents>
          <QueryClientProvider client={queryClient}>
            <SessionProvider store={session}>
              <SnackbarProvider>
                <HelpProvider>
                  <ErrorDialogProvider tokenExpired={tokenExpired}>{children}</ErrorDialogProvider>
                </HelpProvider>
              </SnackbarProvider>
            </SessionProvider>
          </QueryClientProvider>
        </LocalizedComponents>
      </I18nextProvider>
    </ThemeProvider>
  );
}

/** The app's query client: server state is fresh for half a minute, and failures retry once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}
