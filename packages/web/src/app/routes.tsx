import type { RouteObject } from 'react-router';
import { RequireAdmin } from '../features/admin/require-admin.tsx';
import { ItsmeConfirmPage } from '../features/itsme/itsme-confirm-page.tsx';
import { LoginPage } from '../features/login/login-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { OrderPage } from '../features/order/order-page.tsx';
import { ReleasesPage } from '../features/releases/releases-page.tsx';
import { RequestsForReleasePage } from '../features/requests-for-release/requests-for-release-page.tsx';
import { SecurePickupPage } from '../features/secure-pickup/secure-pickup-page.tsx';
import { LoadingPage } from '../features/session/loading-page.tsx';
import { SuccessReportPage } from '../features/success-report/success-report-page.tsx';
import { LoggedOutPage } from '../features/session/logged-out-page.tsx';
import { RequireAuth } from '../features/session/require-auth.tsx';
import { SessionSpinner } from '../features/session/session-spinner.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { TransportersPage } from '../features/transporters/transporters-page.tsx';
import { TicketPage } from '../features/tickets/ticket-page.tsx';
import { TwoFactorPage } from '../features/two-factor/two-factor-page.tsx';
import { RouteError } from './route-error.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { LogoutRoute } from './shell/logout-route.tsx';

/**
 * Every route, public and protected, inside the shell (access spec §2 "Routes"). Protected
 * routes sit under `RequireAuth`, which also applies the gates of §4, and match exactly.
 * /order is always reachable.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    // Shown while a lazily loaded route (the admin section) arrives on a first page load.
    hydrateFallbackElement: <SessionSpinner />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'logged-out', element: <LoggedOutPage /> },
      // Access spec §2: signs out whoever is signed in, then shows the logged-out page.
      { path: 'logout', element: <LogoutRoute /> },
      { path: 'loading', element: <LoadingPage /> },
      { path: 'order', element: <OrderPage /> },
      // Access spec §2: public, shown before any sign-in logic (the itsme redirect target).
      { path: 'itsme-confirm', element: <ItsmeConfirmPage /> },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <ReleasesPage /> },
          { path: 'releases', element: <ReleasesPage /> },
          { path: 'two-factor', element: <TwoFactorPage /> },
          { path: 'secure-pickup-containers', element: <SecurePickupPage /> },
          { path: 'drivers', element: <TransportersPage type="driver" /> },
          { path: 'barges', element: <TransportersPage type="barge" /> },
          { path: 'trains', element: <TransportersPage type="train" /> },
          { path: 'assignment-report', element: <SuccessReportPage /> },
          {
            // Access spec §2: documents, behind canDocuments. The form library (react-jsonschema-
            // form) arrives in its own chunk, for those who open documents.
            path: 'documents',
            lazy: async () => {
              const { DocumentsPage } = await import('../features/documents/documents-page.tsx');
              return { Component: DocumentsPage };
            },
          },
          // Releases spec §2: behind canRequestForRelease; a carrier answers the requests there.
          { path: 'requests-for-release', element: <RequestsForReleasePage /> },
          // Access spec §2 "Settings": any signed-in user.
          { path: 'settings', element: <SettingsPage /> },
          // Access spec §2: the support ticket page, `?destination=` saying what it is about.
          { path: 'ticket', element: <TicketPage /> },
          {
            element: <RequireAdmin />,
            children: [
              {
                path: 'admin',
                // Only admins and support download the admin section.
                lazy: async () => {
                  const { AdminPage } = await import('../features/admin/admin-page.tsx');
                  return { Component: AdminPage };
                },
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
