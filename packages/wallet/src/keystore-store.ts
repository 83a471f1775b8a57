import type { WalletUserType } from './sessions.ts';

/**
 * One wallet user: the organisation key wrapped under that user's password, and the user's own
 * personal sign-in key wrapped under the same password (DESIGN §3 "Keys and the ID wallet").
 */
export interface WalletUserRecord {
  userId: string;
  type: WalletUserType;
  /** The organisation's address, readable without the password. */
  address: string;
  /** keystore v3 JSON of the organisation key. */
  keystore: string;
  /**
   * The address of the user's personal sign-in key, and its keystore v3 JSON. Null for a wallet
   * user made before personal keys existed: the wallet makes the key at that user's next unlock.
   */
  userAddress: string | null;
  userKeystore: string | null;
}

/** Where a wallet keeps its keystores: files on premises, tables in the cloud wallet. */
export interface KeystoreStore {
  find(userId: string): Promise<WalletUserRecord | null>;
  /** Adds a user; resolves false (and changes nothing) when the user already has a keystore. */
  insert(record: WalletUserRecord): Promise<boolean>;
  /**
   * Gives a user made before personal keys its sign-in key; resolves false (and changes nothing)
   * when the user already has one, so a key once given is never replaced this way.
   */
  addUserKey(userId: string, userAddress: string, userKeystore: string): Promise<boolean>;
  /**
   * Replaces a user's keystores (an admin's password reset): resolves false (and changes
   * nothing) when the user has none.
   */
  replace(record: WalletUserRecord): Promise<boolean>;
  /**
   * Deletes a user's keystores (a machine wallet user revoked): resolves false when the user has
   * none. Nothing of the user is left to open, whatever password is tried.
   */
  remove(userId: string): Promise<boolean>;
}

/**
 * Wallet user ids are the portal's user ids; they name files, so they are kept plain. A numeric
 * id has one spelling only ("4", never "04"), so no counter or file can be reached by another.
 */
export function isWalletUserId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value) && !/^0\d/.test(value);
}

/** The one spelling of a wallet user id: numbers and numeric strings lose leading zeros. */
export function canonicalWalletUserId(value: unknown): string | null {
  if (typeof value === 'number')
    return Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  if (typeof value !== 'string') return null;
  const id = /^\d{1,16}$/.test(value) ? String(Number(value)) : value;
  if (/^\d+$/.test(id) && !Number.isSafeInteger(Number(id))) return null;
  return isWalletUserId(id) ? id : null;
}
