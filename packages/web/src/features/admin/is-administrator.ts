import type { AdminRoles } from '@scr/domain';
import { visibleSections } from './admin-sections.ts';

/** Who sees the administration link and section: organisation admins and portal support. */
export function isAdministrator(user: AdminRoles): boolean {
  return visibleSections(user).length > 0;
}
