import type { WalletUserType } from './sessions.ts';

/** One wallet user: the organisation key wrapped under that user's password. */
export interface WalletUserRecord {
  userId: string;
  type: WalletUserType;
  /** The organisation's address, readable without the password. */
  address: string;
  /** keystore v3 JSON. */
  keystore: string;
}

/** Where a wallet keeps its keystores: files on premises, tables in the cloud wallet. */
export interface KeystoreStore {
  find(userId: string): Promise<WalletUserRecord | null>;
  /** Adds a user; resolves false (and changes nothing) when the user already has a keystore. */
  insert(record: WalletUserRecord): Promise<boolean>;
}

/** Wallet user ids are the portal's user ids; they name files, so they are kept plain. */
export function isWalletUserId(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}
