import type { SessionUser } from '../session/session-user.ts';

/** The sections of the admin section, in the order of its navigation. */
export const adminSections = [
  'organizations',
  'users',
  'subscriptions',
  'connections',
  'terminals',
  'apiKeys',
] as const;
export type AdminSection = (typeof adminSections)[number];

/**
 * The sections a person may use (the server's admin policy decides; this only hides what it
 * would refuse): support sees all; an organisation admin its users, connections and API keys,
 * and the terminals when its organisation runs terminals; anyone else none.
 */
export function visibleSections(
  user: Pick<SessionUser, 'isAdmin' | 'isSupport' | 'organizationRole'>,
): AdminSection[] {
  if (user.isSupport) return [...adminSections];
  if (!user.isAdmin) return [];
  return adminSections.filter(
    (section) =>
      section === 'users' ||
      section === 'connections' ||
      section === 'apiKeys' ||
      (section === 'terminals' && user.organizationRole === 'terminal'),
  );
}

/** The section asked for in the address if the person may use it, else their first one. */
export function currentSection(
  asked: string | null,
  visible: readonly AdminSection[],
): AdminSection | null {
  const match = visible.find((section) => section === asked);
  return match ?? visible[0] ?? null;
}
