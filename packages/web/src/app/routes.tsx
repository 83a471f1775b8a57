import type { RouteObject } from 'react-router';
import { LoggedOutPage } from '../features/session/logged-out-page.tsx';
import { LoadingPage } from '../features/session/loading-page.tsx';
import { LoginPage } from '../features/login/login-page.tsx';
import { NotFoundPage } from '../features/not-found/not-found-page.tsx';
import { ReleasesPage } from '../features/releases/releases-page.tsx';
import { RequireAuth } from '../features/session/require-auth.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { RouteError } from './route-error.tsx';

/**
 * Every route, public and protected, inside the shell (access spec §2 "Routes"). Protected
 * routes sit under `RequireAuth` and match exactly.
 */
export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      { path: 'login', element: <LoginPage /> },
      { path: 'logged-out', element: <LoggedOutPage /> },
      { path: 'loading', element: <LoadingPage /> },
      {
        element: <RequireAuth />,
        children: [
          { index: true, element: <ReleasesPage /> },
          { path: 'releases', element: <ReleasesPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
