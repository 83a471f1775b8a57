import { RateLimiter, type ErrorCode } from '@scr/domain';
import { organisationKeysFrom } from './keys.ts';
import { openKeystore, sealKeystore, standardScryptN } from './keystore.ts';
import { isWalletUserId, type KeystoreStore } from './keystore-store.ts';
import { openPincode, sealPincode } from './pincodes.ts';
import { UnlockedWallets, type UnlockedWallet } from './sessions.ts';

/** A refusal with a catalogued code; `detail` replaces the catalogue's English text. */
export class WalletError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly detail?: string,
  ) {
    super(detail ?? code);
  }
}

export type WalletLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: unknown,
) => void;

export interface WalletOptions {
  store: KeystoreStore;
  /**
   * Whether a new wallet user may join the organisation of `address`. The cloud wallet asks the
   * portal (the user must be one of that organisation's users); an on-premise wallet trusts its
   * own admin.
   */
  mayJoin?: (userId: string, address: string) => Promise<boolean>;
  /** How long an unlocked wallet stays unlocked; 30 minutes by default. */
  ttlMs?: number;
  scryptN?: number;
  log?: WalletLog;
  now?: () => number;
}

type Body = Record<string, unknown>;
const maxItems = 20_000;
/**
 * A custody statement names every release it covers (about 140 characters each, DESIGN §3), so
 * one action over the most releases it may cover (domain maxCustodyReleases, 5,000) fits.
 */
const maxMessageLength = 1_000_000;

/** What the wallet does, independent of HTTP: unlock, sign, open and reseal pincodes, add users. */
export class WalletOperations {
  readonly log: WalletLog;
  readonly #store: KeystoreStore;
  readonly #mayJoin: NonNullable<WalletOptions['mayJoin']>;
  readonly #wallets: UnlockedWallets;
  readonly #scryptN: number;
  readonly #failedUnlocks: RateLimiter;
  readonly #sweeper: NodeJS.Timeout;

  constructor(options: WalletOptions) {
    this.#store = options.store;
    this.#mayJoin = options.mayJoin ?? (async () => true);
    this.#scryptN = options.scryptN ?? standardScryptN;
    this.log = options.log ?? (() => undefined);
    const now = options.now ?? Date.now;
    this.#wallets = new UnlockedWallets({ ttlMs: options.ttlMs ?? 30 * 60_000, now });
    this.#failedUnlocks = new RateLimiter({ limit: 10, windowMs: 15 * 60_000, now });
    this.#sweeper = setInterval(() => this.#wallets.sweep(), 60_000).unref();
  }

  async unlock(body: Body) {
    const userId = walletUserId(body.userId);
    const password = requiredString(body.password, 'password');
    const record = await this.#store.find(userId);
    const account = record ? await openKeystore(record.keystore, password) : null;
    if (!record || !account) {
      // The same answer for an unknown user and a wrong password: neither leaks which it was.
      if (!this.#failedUnlocks.hit(userId).allowed) throw new WalletError('too_many_requests');
      throw new WalletError('invalid_credentials');
    }
    this.#failedUnlocks.reset(userId);
    const { token, wallet } = await this.#wallets.unlock(userId, record.type, account.privateKey);
    const { sealingPublicKey } = await organisationKeysFrom(account.privateKey);
    return {
      token,
      address: wallet.signer.address,
      sealingPublicKey,
      expiresAt: new Date(wallet.expiresAt).toISOString(),
    };
  }

  async lock(token: string | null) {
    if (token) this.#wallets.lock(token);
    return {};
  }

  async sign(token: string | null, body: Body) {
    const wallet = this.#unlocked(token);
    const message = requiredString(body.message, 'message');
    if (message.length > maxMessageLength) throw new WalletError('bad_request', 'message too long');
    return { signature: await wallet.signer.signMessage(message) };
  }

  async openPincodes(token: string | null, body: Body) {
    const wallet = this.#unlocked(token);
    const items = pincodeItems(body.items);
    return {
      items: await Promise.all(
        items.map(async ({ address, encryptedPincode }) => {
          try {
            return { address, pincode: await openPincode(encryptedPincode, wallet.sealing) };
          } catch {
            return { address, error: 'could not open pincode' };
          }
        }),
      ),
    };
  }

  async resealPincodes(token: string | null, body: Body) {
    const wallet = this.#unlocked(token);
    const targetPublicKey = requiredString(body.targetPublicKey, 'targetPublicKey');
    await sealPincode('probe', targetPublicKey).catch(() => {
      throw new WalletError('bad_request', 'targetPublicKey is not a sealing public key');
    });
    const items = pincodeItems(body.items);
    return {
      items: await Promise.all(
        items.map(async ({ address, encryptedPincode }) => {
          try {
            const pincode = await openPincode(encryptedPincode, wallet.sealing);
            return { address, encryptedPincode: await sealPincode(pincode, targetPublicKey) };
          } catch {
            return { address, error: 'could not open pincode' };
          }
        }),
      ),
    };
  }

  async addUser(token: string | null, body: Body) {
    const wallet = this.#unlocked(token);
    if (wallet.type !== 'admin')
      throw new WalletError('forbidden', 'Only a wallet admin adds users.');
    const userId = walletUserId(body.userId);
    const password = requiredString(body.password, 'password');
    if (password.length < 8) throw new WalletError('validation_failed', 'password too short');
    const type = body.type === 'admin' || body.type === 'user' ? body.type : null;
    if (!type) throw new WalletError('validation_failed', 'type must be admin or user');
    if (!(await this.#mayJoin(userId, wallet.signer.address))) {
      throw new WalletError('forbidden', 'That user is not a user of this organisation.');
    }
    const keystore = await sealKeystore(wallet.signer.privateKey, password, this.#scryptN);
    const added = await this.#store.insert({
      userId,
      type,
      address: wallet.signer.address,
      keystore,
    });
    if (!added) throw new WalletError('already_exists', 'This wallet user already exists.');
    return { userId };
  }

  close(): void {
    clearInterval(this.#sweeper);
    this.#wallets.lockAll();
  }

  #unlocked(token: string | null): UnlockedWallet {
    const wallet = token ? this.#wallets.get(token) : null;
    if (!wallet) throw new WalletError('wallet_unauthorized');
    return wallet;
  }
}

function walletUserId(value: unknown): string {
  const id = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (!isWalletUserId(id)) throw new WalletError('validation_failed', 'userId is required');
  return id;
}

function requiredString(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new WalletError('validation_failed', `${field} is required`);
  }
  return value;
}

function pincodeItems(value: unknown): { address: string; encryptedPincode: string }[] {
  if (!Array.isArray(value) || value.length > maxItems) {
    throw new WalletError('validation_failed', `items must be a list of at most ${maxItems}`);
  }
  return value.map((item: unknown) => {
    const { address, encryptedPincode } = (item ?? {}) as Record<string, unknown>;
    if (typeof address !== 'string' || typeof encryptedPincode !== 'string') {
      throw new WalletError('validation_failed', 'each item needs address and encryptedPincode');
    }
    return { address, encryptedPincode };
  });
}
