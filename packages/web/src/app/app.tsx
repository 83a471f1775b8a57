import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createSessionStore } from '../features/session/create-session-store.ts';
import { createI18n, currentLanguage, ensureLanguage } from '../i18n/i18n.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { routes } from './routes.tsx';

const i18n = createI18n();
const queryClient = createQueryClient();
const session = createSessionStore();
// Binds the API to the session and checks a stored session before the first page decides.
session.start();
const router = createBrowserRouter(routes);

/** Settles once the language shown first is downloaded (issue 15: English is in the bundle). */
export const appReady: Promise<void> = ensureLanguage(i18n, currentLanguage(i18n)).then(
  () => undefined,
  () => undefined,
);

/** The whole app as the browser runs it. */
export function App() {
  return (
    <Providers i18n={i18n} queryClient={queryClient} session={session}>
      <RouterProvider router={router} />
    </Providers>
  );
}
