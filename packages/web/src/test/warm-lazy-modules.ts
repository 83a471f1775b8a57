import type { RouteObject } from 'react-router';
import { routes } from '../app/routes.tsx';
import { LanguageMenu } from '../app/shell/language-switch.tsx';
import { preloadShellParts } from '../app/shell/on-demand-shell.tsx';
import { BlTable, ContainerTable } from '../features/releases/tables/lazy-tables.tsx';
import { OrganisationSelect } from '../features/login/login-form.tsx';
import { LoginError } from '../features/login/login-page.tsx';
import { SessionExpiredDialog } from '../features/session/session-context.tsx';
import { ErrorDialogView } from '../ui/error-dialog/error-dialog.tsx';

/**
 * Issue 15 made every page a lazy route and parts of the shell lazy components. In the `web`
 * project (one module graph per worker) each worker loads them once here, before its first
 * test, so a test's wait for an element (5 s) is spent on the page, not on transforming a
 * module for the first time on a loaded machine. Not for `web-isolated`, whose files replace
 * modules before they load. A module that fails to load is left to the tests of its page.
 */
const settle = (loading: Promise<unknown>) =>
  loading.then(
    () => undefined,
    () => undefined,
  );

function warm(list: readonly RouteObject[]): Promise<unknown>[] {
  return list.flatMap((route) => [
    ...(typeof route.lazy === 'function' ? [settle(route.lazy())] : []),
    ...warm(route.children ?? []),
  ]);
}

await Promise.all([
  ...warm(routes),
  settle(preloadShellParts()),
  settle(import('../app/shell/navigation-drawer.tsx')),
  settle(LanguageMenu.preload()),
  settle(ErrorDialogView.preload()),
  settle(SessionExpiredDialog.preload()),
  settle(OrganisationSelect.preload()),
  settle(LoginError.preload()),
  settle(BlTable.preload()),
  settle(ContainerTable.preload()),
  settle(import('../features/gates/eula-dialog.tsx')),
  settle(import('../features/gates/terms-dialog.tsx')),
  settle(import('../features/gates/subscription-expired-page.tsx')),
]);
