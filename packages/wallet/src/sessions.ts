import { Wallet } from 'ethers';
import { deriveSealingKeyPair, type SealingKeyPair } from './keys.ts';
import type { WalletStateStore } from './wallet-state.ts';
import {
  newWalletToken,
  parseWalletToken,
  unlockedWalletKey,
  unwrapUnlockedKeys,
  wrapUnlockedKeys,
} from './wallet-token.ts';

export type WalletUserType = 'admin' | 'user';

/**
 * An unlocked wallet, opened for one call: the organisation's keys and the user's personal
 * sign-in key. `forget` overwrites the sealing key's bytes once the call is done.
 */
export interface UnlockedWallet {
  userId: string;
  type: WalletUserType;
  /** The organisation key: custody statements, acting for the organisation. */
  signer: Wallet;
  /** The user's personal sign-in key: proves which person signs in (DESIGN §3). */
  user: Wallet;
  sealing: SealingKeyPair;
  expiresAt: number;
}

/** After an admin's password reset, the user's current sign-in address (see `lockUser`). */
const resetMarkKey = (userId: string) => `wallet:reset:${userId}`;

/**
 * Unlocked wallets shared by every instance (issue 42 item 1, DESIGN §2 "Scale out"): the keys
 * are wrapped under the token's secret (`wallet-token.ts`) and kept in the wallet's state store
 * until they expire or are locked; no clear key rests anywhere but in the memory of the call
 * that uses it.
 */
export class UnlockedWallets {
  readonly #store: WalletStateStore;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: { store: WalletStateStore; ttlMs: number; now?: () => number }) {
    this.#store = options.store;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  async unlock(
    userId: string,
    type: WalletUserType,
    privateKey: string,
    userPrivateKey: string,
  ): Promise<{ token: string; wallet: UnlockedWallet }> {
    const token = newWalletToken();
    const expiresAt = this.#now() + this.#ttlMs;
    const wrapped = wrapUnlockedKeys(token, {
      userId,
      type,
      privateKey,
      userPrivateKey,
      expiresAt,
    });
    await this.#store.put(unlockedWalletKey(token), wrapped, this.#ttlMs);
    const wallet = await walletOf({ userId, type, privateKey, userPrivateKey, expiresAt });
    return { token: token.token, wallet };
  }

  /**
   * The unlocked wallet behind a token, opened for one call; null when the token is malformed,
   * unknown, locked, expired, or of a user whose password was reset since.
   */
  async get(token: string | null): Promise<UnlockedWallet | null> {
    const parsed = parseWalletToken(token);
    if (!parsed) return null;
    const key = unlockedWalletKey(parsed);
    const wrapped = await this.#store.get(key);
    const keys = wrapped ? unwrapUnlockedKeys(parsed, wrapped) : null;
    if (!keys) return null;
    if (keys.expiresAt <= this.#now()) {
      await this.#store.delete(key);
      return null;
    }
    const wallet = await walletOf(keys);
    const reset = await this.#store.get(resetMarkKey(keys.userId));
    if (reset !== null && reset !== wallet.user.address) {
      forgetWallet(wallet);
      await this.#store.delete(key);
      return null;
    }
    return wallet;
  }

  /** Deletes the wrapped keys behind a token, when the token opens them. */
  async lock(token: string | null): Promise<void> {
    const parsed = parseWalletToken(token);
    if (!parsed) return;
    const key = unlockedWalletKey(parsed);
    const wrapped = await this.#store.get(key);
    if (wrapped && unwrapUnlockedKeys(parsed, wrapped)) await this.#store.delete(key);
  }

  /**
   * Locks every wallet a user has unlocked, on every instance (an admin reset its password). The
   * reset gave the user a new personal sign-in key, so a mark of the new key's address, kept as
   * long as a wallet unlocked before it could live, tells the old wallets from the new without
   * any instance's clock.
   */
  async lockUser(userId: string, newUserAddress: string): Promise<void> {
    await this.#store.put(resetMarkKey(userId), newUserAddress, this.#ttlMs);
  }
}

/** Overwrites the sealing key's bytes: a call that opened a wallet calls it when done. */
export function forgetWallet(wallet: UnlockedWallet): void {
  wallet.sealing.privateKey.fill(0);
}

async function walletOf(keys: {
  userId: string;
  type: WalletUserType;
  privateKey: string;
  userPrivateKey: string;
  expiresAt: number;
}): Promise<UnlockedWallet> {
  return {
    userId: keys.userId,
    type: keys.type,
    signer: new Wallet(keys.privateKey),
    user: new Wallet(keys.userPrivateKey),
    sealing: await deriveSealingKeyPair(keys.privateKey),
    expiresAt: keys.expiresAt,
  };
}
