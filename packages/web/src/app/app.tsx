import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createI18n } from '../i18n/i18n.ts';
import { createQueryClient, Providers } from './providers.tsx';
import { routes } from './routes.tsx';

const i18n = createI18n();
const queryClient = createQueryClient();
const router = createBrowserRouter(routes);

/** The whole app as the browser runs it. */
export function App() {
  return (
    <Providers i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
