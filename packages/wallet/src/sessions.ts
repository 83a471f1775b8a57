import { Wallet } from 'ethers';
import { deriveSealingKeyPair, type SealingKeyPair } from './keys.ts';
import type { WalletStateStore } from './wallet-state.ts';
import {
  newWalletToken,
  parseWalletToken,
  unlockedWalletKey,
  unwrapUnlockedKeys,
  wrapUnlockedKeys,
  type UnlockedKeys,
} from './wallet-token.ts';

export type WalletUserType = 'admin' | 'user';

/**
 * An unlocked wallet, opened for one call: the organisation's keys and the user's personal
 * sign-in key, each made only when the call needs it (an ethers wallet costs a public-key
 * derivation, milliseconds). `forgetWallet` overwrites the sealing key's bytes once the call is done.
 */
export interface UnlockedWallet {
  userId: string;
  type: WalletUserType;
  /** The organisation's address. */
  address: string;
  /** The address of the user's personal sign-in key. */
  userAddress: string;
  /** The organisation key: custody statements, acting for the organisation. */
  readonly signer: Wallet;
  /** The user's personal sign-in key: proves which person signs in (DESIGN §3). */
  readonly user: Wallet;
  /** The organisation's pincode sealing key pair. */
  sealing(): Promise<SealingKeyPair>;
  expiresAt: number;
}

/** After an admin's password reset, the user's current sign-in address (see `lockUser`). */
const resetMarkKey = (userId: string) => `wallet:reset:${userId}`;
/** The reset mark of a user removed from the wallet: no address is spelt so, so no key matches. */
const removedMark = 'removed';

/**
 * Told where a new unlocked wallet is kept (its state store key, a hash of the token's id, never
 * of its secret) before it is put there, so that whoever removes the user can delete it.
 */
export type OnUnlock = (userId: string, stateKey: string, expiresAt: number) => Promise<void>;

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
  readonly #onUnlock: OnUnlock;

  constructor(options: {
    store: WalletStateStore;
    ttlMs: number;
    now?: () => number;
    onUnlock?: OnUnlock;
  }) {
    this.#store = options.store;
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
    this.#onUnlock = options.onUnlock ?? (async () => undefined);
  }

  async unlock(
    userId: string,
    type: WalletUserType,
    privateKey: string,
    userPrivateKey: string,
  ): Promise<{ token: string; wallet: UnlockedWallet }> {
    const token = newWalletToken();
    const keys: UnlockedKeys = {
      userId,
      type,
      privateKey,
      userPrivateKey,
      address: new Wallet(privateKey).address,
      userAddress: new Wallet(userPrivateKey).address,
      expiresAt: this.#now() + this.#ttlMs,
    };
    const stateKey = unlockedWalletKey(token);
    await this.#onUnlock(userId, stateKey, keys.expiresAt);
    await this.#store.put(stateKey, wrapUnlockedKeys(token, keys), this.#ttlMs);
    return { token: token.token, wallet: walletOf(keys) };
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
    const reset = await this.#store.get(resetMarkKey(keys.userId));
    if (reset !== null && reset !== keys.userAddress) {
      await this.#store.delete(key);
      return null;
    }
    return walletOf(keys);
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

  /**
   * Ends every wallet of a user removed from the wallet, on every instance: the given unlocked
   * wallets (`OnUnlock` told where each is kept) are deleted at once, and a mark that matches no
   * key refuses any other (one unlocked while the user was being removed) until it has expired:
   * kept twice a wallet's life, so it outlives a wallet unlocked at the very moment of removal.
   */
  async endUser(userId: string, stateKeys: readonly string[]): Promise<void> {
    await this.#store.put(resetMarkKey(userId), removedMark, 2 * this.#ttlMs);
    if (stateKeys.length > 0) await this.#store.delete(...stateKeys);
  }
}

const sealingKeys = new WeakMap<UnlockedWallet, SealingKeyPair>();

/** Overwrites the sealing key's bytes: a call that opened a wallet calls it when done. */
export function forgetWallet(wallet: UnlockedWallet): void {
  sealingKeys.get(wallet)?.privateKey.fill(0);
  sealingKeys.delete(wallet);
}

function walletOf(keys: UnlockedKeys): UnlockedWallet {
  let signer: Wallet | undefined;
  let user: Wallet | undefined;
  const wallet: UnlockedWallet = {
    userId: keys.userId,
    type: keys.type,
    address: keys.address,
    userAddress: keys.userAddress,
    get signer() {
      return (signer ??= new Wallet(keys.privateKey));
    },
    get user() {
      return (user ??= new Wallet(keys.userPrivateKey));
    },
    async sealing() {
      let pair = sealingKeys.get(wallet);
      if (!pair) {
        pair = await deriveSealingKeyPair(keys.privateKey);
        sealingKeys.set(wallet, pair);
      }
      return pair;
    },
    expiresAt: keys.expiresAt,
  };
  return wallet;
}
