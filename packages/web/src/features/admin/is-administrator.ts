import type { SessionUser } from '../session/session-user.ts';

/** Who sees the administration link and section: organisation admins and portal support. */
export function isAdministrator(user: Pick<SessionUser, 'isAdmin' | 'isSupport'>): boolean {
  return user.isAdmin || user.isSupport;
}
