import type { Language } from '@scr/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { appInfoQueryKey, type AppInfo } from '../api/app-info.ts';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import type { SessionUser } from '../features/session/session-user.ts';
import { createI18n } from '../i18n/i18n.ts';
import { productionInfo } from './fixtures.ts';

export interface RenderAppOptions {
  path?: string;
  user?: SessionUser | null;
  /** The app info the shell sees; null leaves the query to fail as it does without a server. */
  appInfo?: AppInfo | null;
  language?: Language;
}

/** Renders the whole app (providers, shell, routes) at a path, in memory. */
export function renderApp(options: RenderAppOptions = {}) {
  const { path = '/login', user = null, appInfo = productionInfo, language = 'en' } = options;
  const i18n = createI18n({ language });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  if (appInfo) queryClient.setQueryData(appInfoQueryKey, appInfo);

  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const visited: string[] = [path];
  router.subscribe(({ location }) => {
    const href = location.pathname + location.search;
    if (visited.at(-1) !== href) visited.push(href);
  });

  const events = userEvent.setup();
  const view = render(
    <Providers i18n={i18n} queryClient={queryClient} initialUser={user}>
      <RouterProvider router={router} />
    </Providers>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, i18n, queryClient, visited, events, location };
}
