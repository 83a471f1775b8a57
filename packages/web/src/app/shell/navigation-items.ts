import { subscriptionAccess } from '@scr/domain';
import { securePickupPath } from '../../features/session/gates.ts';
import type { SessionUser } from '../../features/session/session-user.ts';

/** A page in the top bar's navigation; `labelKey` is its translation key. */
export interface NavigationItem {
  to: string;
  labelKey: string;
  testId: string;
}

type NavigationUser = Pick<
  SessionUser,
  'organizationRole' | 'eulaToSign' | 'invitedByMsc' | 'termsAcceptedAt' | 'subscriptions'
>;

/**
 * The protected pages in the top bar (access spec §2 "App shell"). Besides the home link (the
 * portal's name): nothing while the e-mailed code is pending or another gate of §4 blocks
 * every page (EULA, terms, subscription), only the secure pick-up containers for terminal
 * users, and never those for anyone else. Feature-gated pages join this list with their issues.
 */
export function navigationItems(
  user: NavigationUser | null,
  twoFactorPending: boolean,
): NavigationItem[] {
  if (!user || twoFactorPending) return [];
  const termsPending = user.invitedByMsc && !user.termsAcceptedAt;
  if (user.eulaToSign || termsPending || !subscriptionAccess(user.subscriptions).allowed) {
    return [];
  }
  if (user.organizationRole === 'terminal') {
    return [{ to: securePickupPath, labelKey: 'nav.securePickup', testId: 'nav-secure-pickup' }];
  }
  return [{ to: '/releases', labelKey: 'nav.releases', testId: 'nav-releases' }];
}
