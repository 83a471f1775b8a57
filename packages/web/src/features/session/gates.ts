import { subscriptionAccess, todayInBrussels, type IsoDate } from '@scr/domain';
import type { SessionUser } from './session-user.ts';

/** The terminal view (access spec §2): the only page besides home for terminal users. */
export const securePickupPath = '/secure-pickup-containers';
export const twoFactorPath = '/two-factor';
export const orderPath = '/order';
/** The admin section stands for the spec's separate admin app: the terminal rule stops short of it. */
export const adminPath = '/admin';

/** What stands between a signed-in user and the page they asked for, in the order it applies. */
export type Gate =
  | { kind: 'twoFactor' }
  | { kind: 'eula'; eula: { id: number; url: string } }
  | { kind: 'terms' }
  | { kind: 'subscription'; notice: 'noWalletSubscription' | 'scrSubscriptionExpired' }
  | { kind: 'redirect'; to: string };

/** Access spec §2: any path or query containing /two-factor is always reachable. */
export function isTwoFactorLocation(location: { pathname: string; search: string }): boolean {
  return `${location.pathname}${location.search}`.includes(twoFactorPath);
}

/**
 * The gate in front of a page (access spec §4): the e-mailed code first, then the EULA, then
 * the terms for users invited by the carrier, then the subscription (not on /order or the
 * two-factor paths), then the terminal rule (terminal users see only the secure pick-up
 * containers; others are sent home from there; the admin section is exempt, being the spec's
 * separate admin app). Null lets the user through.
 */
export function gateFor(
  session: { user: SessionUser; twoFactorPending: boolean },
  location: { pathname: string; search: string },
  today: IsoDate = todayInBrussels(),
): Gate | null {
  const { user } = session;
  const onTwoFactor = isTwoFactorLocation(location);
  if (session.twoFactorPending) return onTwoFactor ? null : { kind: 'twoFactor' };
  if (user.eulaToSign) return { kind: 'eula', eula: user.eulaToSign };
  if (user.invitedByMsc && !user.termsAcceptedAt) return { kind: 'terms' };
  if (!onTwoFactor && location.pathname !== orderPath) {
    const access = subscriptionAccess(user.subscriptions, today);
    if (!access.allowed) return { kind: 'subscription', notice: access.notice };
  }
  if (onTwoFactor || location.pathname.startsWith(adminPath)) return null;
  const isTerminal = user.organizationRole === 'terminal';
  const onSecurePickup = location.pathname === securePickupPath;
  if (isTerminal && !onSecurePickup) return { kind: 'redirect', to: securePickupPath };
  if (!isTerminal && onSecurePickup) return { kind: 'redirect', to: '/' };
  return null;
}
