import { CacheProvider } from '@emotion/react';
import type { Language } from '@scr/domain';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { flushSync } from 'react-dom';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { appInfoQueryKey, type AppInfo } from '../api/app-info.ts';
import { Providers } from '../app/providers.tsx';
import { routes } from '../app/routes.tsx';
import { SessionStore, type SessionDeps } from '../features/session/session-store.ts';
import type { SessionUser } from '../features/session/session-user.ts';
import { createI18n } from '../i18n/i18n.ts';
import { fakeJwt, productionInfo } from './fixtures.ts';
import { trackSession } from './running-sessions.ts';
import { testStyleCache } from './test-styles.ts';

export interface RenderAppOptions {
  path?: string;
  /** Signed in as this user (with a token valid for 15 minutes). */
  user?: SessionUser | null;
  /** Signed in, but the e-mailed code is not validated yet. */
  twoFactorPending?: boolean;
  /** Replaces parts of the session's outside world (the API, the clock…). */
  sessionDeps?: Partial<SessionDeps>;
  /** The app info the shell sees; null leaves the query to fail as it does without a server. */
  appInfo?: AppInfo | null;
  language?: Language;
  /** Rendered at `/__test` inside the shell (see `renderWithProviders`). */
  element?: ReactNode;
}

/** A session outside world that answers at once and records the calls. */
export function fakeSessionDeps(overrides: Partial<SessionDeps> = {}): SessionDeps {
  return {
    reAuthenticate: vi.fn(async () => {
      throw new Error('reAuthenticate not expected');
    }),
    revokeAccessToken: vi.fn(async () => undefined),
    lockWallet: vi.fn(async () => undefined),
    connectRealtime: vi.fn(),
    refreshRealtime: vi.fn(),
    disconnectRealtime: vi.fn(),
    redirect: vi.fn(),
    local: localStorage,
    session: sessionStorage,
    now: () => Date.now(),
    ...overrides,
  };
}

/** Renders the whole app (providers, shell, routes) at a path, in memory. */
export function renderApp(options: RenderAppOptions = {}) {
  const { path = '/login', user = null, appInfo = productionInfo, language = 'en' } = options;
  const i18n = createI18n({ language });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity } },
  });
  if (appInfo) queryClient.setQueryData(appInfoQueryKey, appInfo);

  const deps = fakeSessionDeps(options.sessionDeps);
  const verified = user
    ? {
        accessToken: fakeJwt(deps.now() + 15 * 60_000),
        user,
        twoFactorPending: options.twoFactorPending ?? false,
      }
    : undefined;
  const session = new SessionStore(deps, verified);
  trackSession(session.start());

  const testRoutes = options.element
    ? [{ path: '/__test', element: options.element }, ...routes]
    : routes;
  const router = createMemoryRouter(testRoutes, { initialEntries: [path] });
  const visited: string[] = [path];
  router.subscribe(({ location }) => {
    const href = location.pathname + location.search;
    if (visited.at(-1) !== href) visited.push(href);
  });

  // user-event asks jsdom for `pointer-events` up the tree of every target on every call, which
  // walks every style sheet MUI inserted: once per element is as strict for these tests and
  // a good part faster (user-event's documented trade-off; issue 10 §7).
  const events = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.EachTarget });
  const view = render(
    <CacheProvider value={testStyleCache()}>
      <Providers i18n={i18n} queryClient={queryClient} session={session}>
        {/* As react-router/dom does in the browser (vitest would load a second copy of it). */}
        <RouterProvider router={router} flushSync={(update) => void flushSync(update)} />
      </Providers>
    </CacheProvider>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, i18n, queryClient, visited, events, location, session, deps };
}

/**
 * Renders one component with every provider and a router around it, the session signed in as
 * `user` when given: for components that live inside pages yet to come.
 */
export function renderWithProviders(ui: ReactNode, options: RenderAppOptions = {}) {
  return renderApp({ ...options, path: '/__test', element: ui });
}
