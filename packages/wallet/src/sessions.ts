import { randomBytes } from 'node:crypto';
import { Wallet } from 'ethers';
import { deriveSealingKeyPair, type SealingKeyPair } from './keys.ts';

export type WalletUserType = 'admin' | 'user';

/**
 * An unlocked wallet: the organisation's keys and the user's personal sign-in key, in memory
 * only, until it expires or is locked.
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

/**
 * Unlocked keys live in memory only, expire after `ttlMs`, and are wiped on lock (DESIGN §3).
 * Tokens are random and opaque; they are never written anywhere.
 */
export class UnlockedWallets {
  readonly #wallets = new Map<string, UnlockedWallet>();
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(options: { ttlMs: number; now?: () => number }) {
    this.#ttlMs = options.ttlMs;
    this.#now = options.now ?? Date.now;
  }

  async unlock(
    userId: string,
    type: WalletUserType,
    privateKey: string,
    userPrivateKey: string,
  ): Promise<{ token: string; wallet: UnlockedWallet }> {
    const wallet: UnlockedWallet = {
      userId,
      type,
      signer: new Wallet(privateKey),
      user: new Wallet(userPrivateKey),
      sealing: await deriveSealingKeyPair(privateKey),
      expiresAt: this.#now() + this.#ttlMs,
    };
    const token = randomBytes(32).toString('base64url');
    this.#wallets.set(token, wallet);
    return { token, wallet };
  }

  /** The unlocked wallet behind a token, or null when the token is unknown or expired. */
  get(token: string): UnlockedWallet | null {
    const wallet = this.#wallets.get(token);
    if (!wallet) return null;
    if (wallet.expiresAt <= this.#now()) {
      this.lock(token);
      return null;
    }
    return wallet;
  }

  /** Forgets the keys behind a token and overwrites the sealing key's bytes. */
  lock(token: string): void {
    const wallet = this.#wallets.get(token);
    if (!wallet) return;
    wallet.sealing.privateKey.fill(0);
    this.#wallets.delete(token);
  }

  /** Locks every expired wallet; called on a timer so idle keys do not linger. */
  sweep(): void {
    for (const [token, wallet] of this.#wallets) {
      if (wallet.expiresAt <= this.#now()) this.lock(token);
    }
  }

  /** Locks every wallet a user has unlocked (its password was just reset). */
  lockUser(userId: string): void {
    for (const [token, wallet] of this.#wallets) if (wallet.userId === userId) this.lock(token);
  }

  lockAll(): void {
    for (const token of [...this.#wallets.keys()]) this.lock(token);
  }
}
