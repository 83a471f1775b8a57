import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../features/admin/require-admin.tsx';
import { LoginPage } from '../features/login/login-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { LoadingPage } from '../features/session/loading-page.tsx';
import { LoggedOutPage } from '../features/session/logged-out-page.tsx';
import { RequireAuth } from '../features/session/require-auth.tsx';
import { SessionSpinner } from '../features/session/session-spinner.tsx';
import { RouteError } from './route-error.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { LogoutRoute } from './shell/logout-route.tsx';
import { loadFeatureStrings } from '../i18n/i18n.ts';
import type { TitledHandle } from './page-title/page-title.tsx';

/** A page's module, once the strings of the signed-in pages are there too (`i18n/locale-parts.ts`). */
async function page<T>(module: Promise<T>): Promise<T> {
  const [loaded] = await Promise.all([module, loadFeatureStrings()]);
  return loaded;
}

/** Issue 15: the overview's tab names the browser's tab too. */
const overviewTitle: TitledHandle = {
  title: (search) =>
    search.get('view') === 'container' ? 'pageTitle.releasesByContainer' : 'pageTitle.releasesByBl',
};

/**
 * At desktop width the overview opens on a table (a phone shows cards): the table's code
 * (material-react-table) is fetched beside the page's, not after it, one round trip less before
 * the first rows (Lighthouse's largest contentful paint).
 */
function prefetchOverviewTable() {
  if (typeof window.matchMedia !== 'function') return;
  if (!window.matchMedia('(min-width: 600px)').matches) return;
  const byContainer = new URLSearchParams(window.location.search).get('view') === 'container';
  void (byContainer
    ? import('../features/releases/tables/container-table.tsx')
    : import('../features/releases/tables/bl-table.tsx'));
}

/** One of the transporters' pages, loaded on demand. */
const transportersPage = (type: 'driver' | 'barge' | 'train') => async () => {
  const { TransportersPage } = await page(import('../features/transporters/transporters-page.tsx'));
  return { Component: () => <TransportersPage type={type} /> };
};

/**
 * Every route, public and protected, inside the shell (access spec §2 "Routes"). Protected
 * routes sit under `RequireAuth`, which also applies the gates of §4, and match exactly.
 * /order is always reachable.
 *
 * Issue 15: only what the login page needs is in the first download; every other page arrives
 * in a chunk of its own (`lazy`) when first visited, and each route's `handle.title` names the
 * browser's tab (`page-title/`).
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // Shown while a lazily loaded route (the admin section) arrives on a first page load.
    hydrateFallbackElement: <SessionSpinner />,
    children: [
      { path: 'login', element: <LoginPage />, handle: { title: 'login.signIn' } },
      {
        path: 'logged-out',
        element: <LoggedOutPage />,
        handle: { title: 'session.loggedOutTitle' },
      },
      // Access spec §2: signs out whoever is signed in, then shows the logged-out page.
      { path: 'logout', element: <LogoutRoute /> },
      { path: 'loading', element: <LoadingPage />, handle: { title: 'session.loading' } },
      {
        path: 'order',
        handle: { title: 'order.title' },
        lazy: async () => {
          const { OrderPage } = await page(import('../features/order/order-page.tsx'));
          return { Component: OrderPage };
        },
      },
      // Access spec §2: public, shown before any sign-in logic (the itsme redirect target).
      {
        path: 'itsme-confirm',
        handle: { title: 'itsme.title' },
        lazy: async () => {
          const { ItsmeConfirmPage } = await page(
            import('../features/itsme/itsme-confirm-page.tsx'),
          );
          return { Component: ItsmeConfirmPage };
        },
      },
      {
        element: <RequireAuth />,
        children: [
          ...['', 'releases'].map((path) => ({
            ...(path ? { path } : { index: true as const }),
            handle: overviewTitle,
            lazy: async () => {
              prefetchOverviewTable();
              const { ReleasesPage } = await page(import('../features/releases/releases-page.tsx'));
              return { Component: ReleasesPage };
            },
          })),
          {
            path: 'two-factor',
            handle: { title: 'twoFactor.title' },
            lazy: async () => {
              const { TwoFactorPage } = await page(
                import('../features/two-factor/two-factor-page.tsx'),
              );
              return { Component: TwoFactorPage };
            },
          },
          {
            path: 'secure-pickup-containers',
            handle: { title: 'securePickup.title' },
            lazy: async () => {
              const { SecurePickupPage } = await page(
                import('../features/secure-pickup/secure-pickup-page.tsx'),
              );
              return { Component: SecurePickupPage };
            },
          },
          { path: 'drivers', handle: { title: 'nav.drivers' }, lazy: transportersPage('driver') },
          { path: 'barges', handle: { title: 'nav.barges' }, lazy: transportersPage('barge') },
          { path: 'trains', handle: { title: 'nav.trains' }, lazy: transportersPage('train') },
          {
            path: 'assignment-report',
            handle: { title: 'nav.successReport' },
            lazy: async () => {
              const { SuccessReportPage } = await page(
                import('../features/success-report/success-report-page.tsx'),
              );
              return { Component: SuccessReportPage };
            },
          },
          {
            // Access spec §2: documents, behind canDocuments. The form library (react-jsonschema-
            // form) arrives in its own chunk, for those who open documents.
            path: 'documents',
            handle: { title: 'documents.title' },
            lazy: async () => {
              const { DocumentsPage } = await page(
                import('../features/documents/documents-page.tsx'),
              );
              return { Component: DocumentsPage };
            },
          },
          // Releases spec §2: behind canRequestForRelease; a carrier answers the requests there.
          {
            path: 'requests-for-release',
            handle: { title: 'requestsForRelease.title' },
            lazy: async () => {
              const { RequestsForReleasePage } = await page(
                import('../features/requests-for-release/requests-for-release-page.tsx'),
              );
              return { Component: RequestsForReleasePage };
            },
          },
          // Access spec §2 "Settings": any signed-in user.
          {
            path: 'settings',
            handle: { title: 'settings.title' },
            lazy: async () => {
              const { SettingsPage } = await page(import('../features/settings/settings-page.tsx'));
              return { Component: SettingsPage };
            },
          },
          // Access spec §2: the support ticket page, `?destination=` saying what it is about.
          {
            path: 'ticket',
            handle: { title: 'tickets.title' },
            lazy: async () => {
              const { TicketPage } = await page(import('../features/tickets/ticket-page.tsx'));
              return { Component: TicketPage };
            },
          },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'admin',
                handle: { title: 'admin.title' },
                // Only admins and support download the admin section.
                lazy: async () => {
                  const { AdminPage } = await page(import('../features/admin/admin-page.tsx'));
                  return { Component: AdminPage };
                },
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage />, handle: { title: 'notFound.title' } },
    ],
  },
];
