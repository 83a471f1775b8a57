import type { SessionUser } from '@scr/domain';

export type { SessionUser };

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
