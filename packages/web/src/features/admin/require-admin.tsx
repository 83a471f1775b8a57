import { Outlet } from 'react-router';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { useSession } from '../session/session-context.tsx';
import { isAdministrator } from './is-administrator.ts';

/** The admin section exists only for admins and support: anyone else gets "not found". */
export function RequireAdmin() {
  const { user } = useSession();
  return user && isAdministrator(user) ? <Outlet /> : <NotFoundPage />;
}
