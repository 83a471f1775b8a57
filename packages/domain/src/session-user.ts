import type { Features } from './features.ts';
import type { Language } from './languages.ts';
import type { TwoFactorMode } from './login.ts';
import type { OrganizationRole } from './organizations.ts';
import type { Subscription } from './subscriptions.ts';

/**
 * The signed-in user as the server answers it and the web keeps it (access spec §3 "Logged-in
 * user"): one type for both sides.
 */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isSupport: boolean;
  twoFactorAuth: TwoFactorMode | null;
  preferredLanguage: Language | null;
  organizationId: number;
  organizationAddress: string;
  organizationRole: OrganizationRole;
  organization: {
    id: number;
    name: string;
    /** The organisation's address, its identity in the chain (DESIGN §3). */
    address: string;
    role: OrganizationRole;
    /** Null (or "0") is the cloud wallet on the portal's own origin (DESIGN §3). */
    walletUrl: string | null;
    /** The public half of the organisation's pincode sealing key (DESIGN §3). */
    sealingPublicKey: string | null;
    invitedByMsc: boolean;
    isConnectedtoCpoint: boolean;
  };
  subscriptions: Subscription[];
  features: Features;
  /** The EULA this user still has to accept (access spec §2 "EULA dialog"). */
  eulaToSign: { id: number; url: string } | null;
  termsAcceptedAt: string | null;
  /** Invited by the carrier: accepts the terms first (access spec §4 "Terms"). */
  invitedByMsc: boolean;
  isConnectedtoCpoint: boolean;
}

/**
 * Access spec §4 "Session" and §6, releases spec §6: "Carriers skip the session check". The
 * browser never ends a carrier's session on its own judgement (a call answered 401, a token its
 * clock reads as run out): it renews the session instead and ends it only when the server
 * refuses the renewal (revoked, or past its maximum life). The server checks every call's
 * token whoever calls.
 */
export function skipsSessionCheck(role: OrganizationRole): boolean {
  return role === 'carrier';
}
