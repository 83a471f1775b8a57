import { mayReadSuccessReport, subscriptionAccess, type FeatureFlag } from '@scr/domain';
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
  | 'organizationRole'
  | 'eulaToSign'
  | 'invitedByMsc'
  | 'termsAcceptedAt'
  | 'subscriptions'
  | 'features'
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
  const releases = { to: '/releases', labelKey: 'nav.releases', testId: 'nav-releases' };
  if (user.organizationRole === 'carrier') return [releases];
  // Access spec §2 "Routes": drivers, barges and trains, each behind its flag.
  return [
    releases,
    ...transporterPages.filter((page) => user.features?.[page.feature] === true),
    // Access spec §2 "Assignment success report": for those who assign.
    ...(user.features && mayReadSuccessReport(user.organizationRole, user.features)
      ? [successReport]
      : []),
  ];
}

/** The transporters' pages (issue 11), for transport organisations with each flag. */
const transporterPages = [
  { to: '/drivers', labelKey: 'nav.drivers', testId: 'nav-drivers', feature: 'canAssignDriver' },
  { to: '/barges', labelKey: 'nav.barges', testId: 'nav-barges', feature: 'canAssignBarge' },
  { to: '/trains', labelKey: 'nav.trains', testId: 'nav-trains', feature: 'canAssignTrain' },
] as const satisfies (NavigationItem & { feature: FeatureFlag })[];

/** The assignment success report (issue 11 item 5), beside the transporters' pages. */
const successReport: NavigationItem = {
  to: '/assignment-report',
  labelKey: 'gate.report.nav',
  testId: 'nav-success-report',
};
