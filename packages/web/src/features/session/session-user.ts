import type {
  Features,
  Language,
  OrganizationRole,
  Subscription,
  TwoFactorMode,
} from '@scr/domain';

/** The signed-in person as the server sends them (access spec §3 "Logged-in user"). */
export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isSupport: boolean;
  twoFactorAuth: TwoFactorMode | null;
  organizationId: number;
  organizationAddress: string;
  organizationRole: OrganizationRole;
  organization: {
    id: number;
    name: string;
    /** The organisation's wallet address, which identifies it on the chain. */
    address: string;
    role: OrganizationRole;
    /** Null (or "0") is the cloud wallet on the portal's own origin (DESIGN §3). */
    walletUrl: string | null;
    /** The public half of the organisation's pincode sealing key (DESIGN §3). */
    sealingPublicKey?: string | null;
    invitedByMsc: boolean;
    isConnectedtoCpoint: boolean;
  };
  subscriptions: Subscription[];
  features: Features;
  /** The EULA this user still has to accept (access spec §2 "EULA dialog"). */
  eulaToSign: { id: number; url: string } | null;
  termsAcceptedAt: string | null;
  /** Invited by the carrier: must accept the terms of access first (access spec §4 "Terms"). */
  invitedByMsc: boolean;
  isConnectedtoCpoint: boolean;
  preferredLanguage: Language | null;
}

/** A light check that an answer carries a user: a proxy's error page, for one, does not. */
export function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  const organization = user.organization as Record<string, unknown> | null | undefined;
  return (
    typeof user.id === 'number' &&
    typeof user.email === 'string' &&
    typeof organization === 'object' &&
    organization !== null &&
    typeof organization.address === 'string' &&
    Array.isArray(user.subscriptions)
  );
}

/**
 * The ID wallet the user unlocked at sign-in (access spec §3 "Wallet info"): kept so that later
 * actions can ask it to sign, and so that logout can lock it.
 */
export interface WalletInfo {
  /** The portal user id, which is also the wallet user id. */
  id: number;
  email: string;
  type: 'company';
  /** The wallet's base URL: `${origin}/wallet` for the cloud wallet, else the on-premise one. */
  url: string;
  /** The organisation's address, as the wallet answered it. */
  address: string;
  token: string;
  /** When the wallet locks itself again (ISO time). */
  expiresAt: string;
}

/**
 * `restoring` while a stored session is being checked (the guards wait), then `signedIn` or
 * `signedOut`.
 */
export type SessionStatus = 'restoring' | 'signedIn' | 'signedOut';
