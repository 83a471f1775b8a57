import {
  mayReadSuccessReport,
  requestsForReleasePermission,
  subscriptionAccess,
  type FeatureFlag,
} from '@scr/domain';
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
  // Releases spec §2 "requests-for-release": those a carrier received, or a requester sent.
  const side = user.features && requestsForReleasePermission(user.organizationRole, user.features);
  const requests = side === 'sent' || side === 'received' ? [requestsForRelease] : [];
  // Access spec §2 "documents": behind canDocuments, for carriers and transport organisations.
  const documents = user.features?.canDocuments === true ? [documentsPage] : [];
  if (user.organizationRole === 'carrier') return [releases, ...requests, ...documents];
  // Access spec §2 "Routes": drivers, barges and trains, each behind its flag.
  return [
    releases,
    ...transporterPages.filter((page) => user.features?.[page.feature] === true),
    // Access spec §2 "Assignment success report": for those who assign.
    ...(user.features && mayReadSuccessReport(user.organizationRole, user.features)
      ? [successReport]
      : []),
    ...requests,
    ...documents,
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
  labelKey: 'nav.successReport',
  testId: 'nav-success-report',
};

/** The requests for release (issue 12 item 3): a requester's sent, a carrier's received. */
const requestsForRelease: NavigationItem = {
  to: '/requests-for-release',
  labelKey: 'nav.requestsForRelease',
  testId: 'nav-requests-for-release',
};

/** The documents (issue 12 item 4): the organisation's own and received documents. */
const documentsPage: NavigationItem = {
  to: '/documents',
  labelKey: 'nav.documents',
  testId: 'nav-documents',
};

/**
 * How many of the top bar's links fit inline (the rest go under "More"): all when their widths
 * and the gaps between them fit `available`; else as many as fit beside the More button.
 */
export function linksThatFit(
  widths: readonly number[],
  moreWidth: number,
  available: number,
  gap: number,
): number {
  const total = widths.reduce((sum, width, i) => sum + width + (i > 0 ? gap : 0), 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    used += width + gap;
    if (used > available) break;
    count++;
  }
  return count;
}
