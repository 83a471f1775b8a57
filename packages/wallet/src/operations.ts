import { createHash, randomBytes } from 'node:crypto';
import { type GuessingLimits, type WalletItemResult, type WalletUnlockAnswer } from '@scr/domain';
import { getAddress } from 'ethers';
import sodium from 'libsodium-wrappers';
import { sharedHashPool } from './hash-pool.ts';
import { organisationKeysFrom, randomWallet } from './keys.ts';
import { openKeystore, sealKeystore, standardScryptN } from './keystore.ts';
import type { KeystoreStore, WalletUserRecord } from './keystore-store.ts';
import { newWalletUserRecord } from './provision.ts';
import { PincodePool, type PincodePoolOptions } from './pincode-pool.ts';
import { sealPincode } from './pincodes.ts';
import { forgetWallet, UnlockedWallets, type OnUnlock, type UnlockedWallet } from './sessions.ts';
import { UnlockGuard, type OnRepeatedFailures } from './unlock-guard.ts';
import { WalletError } from './wallet-error.ts';
import { pincodeItems, requiredText, walletUserId } from './wallet-input.ts';
import { MemoryWalletState, type WalletStateStore } from './wallet-state.ts';

export { WalletError } from './wallet-error.ts';

export type WalletLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: unknown,
) => void;

export interface WalletOptions {
  store: KeystoreStore;
  /**
   * Where unlocked wallets (wrapped under their tokens' secrets) and the unlock lock-out's
   * counters are kept: the portal's shared store for the cloud wallet, so that every instance
   * sees them; this process's memory by default (a standalone wallet is one process).
   */
  state?: WalletStateStore;
  /**
   * Whether a wallet user may get a keystore of the key of `address`: a new one (`add`), or one
   * under a new password (an admin's `reset`). The cloud wallet asks the portal (a person must be
   * one of that organisation's users; a machine wallet user is made only by the portal, and never
   * reset); an on-premise wallet trusts its own admin.
   */
  mayJoin?: (userId: string, address: string, purpose: 'add' | 'reset') => Promise<boolean>;
  /** Told where each unlocked wallet is kept (`sessions.ts` `OnUnlock`), before it is. */
  onUnlock?: OnUnlock;
  /**
   * Told each personal sign-in address the wallet makes: for a new wallet user (`added`) and for
   * a user made before personal keys, at its first unlock since (`upgraded`), and for a user
   * whose password an admin reset (`reset`, a new key replacing the old). The cloud wallet
   * records it with the portal; an on-premise wallet's addresses are registered by its admin.
   */
  onUserKey?: (
    userId: string,
    userAddress: string,
    reason: 'added' | 'upgraded' | 'reset',
  ) => Promise<void>;
  /**
   * Told once a window when a user's unlocks keep failing (domain `guessAlertDue`): the cloud
   * wallet e-mails the user. Only for users the wallet knows.
   */
  onRepeatedFailures?: OnRepeatedFailures;
  /** The guessing rule's numbers; domain's `passwordGuessing` unless given (tests). */
  guessing?: GuessingLimits;
  /** The pincode workers, or their options (`pincode-pool.ts`). */
  pincodes?: PincodePool | PincodePoolOptions;
  /** How long an unlocked wallet stays unlocked; 30 minutes by default. */
  ttlMs?: number;
  scryptN?: number;
  log?: WalletLog;
  now?: () => number;
}

type Body = Record<string, unknown>;
/**
 * A custody statement names every release it covers (about 150 characters each, DESIGN §3), so
 * one action over the most releases it may cover (domain maxCustodyReleases, 10,000: 1.5 MB) fits.
 */
const maxMessageLength = 2_000_000;
const maxPasswordLength = 1_024;
const sweepEveryMs = 60_000;

/** The header line of every Sign-In with Ethereum (EIP-4361) message. */
const signInHeader = / wants you to sign in with your Ethereum account:\n(0x[0-9a-fA-F]{40})\n/;

/** What the wallet does, independent of HTTP: unlock, sign, open and reseal pincodes, add users. */
export class WalletOperations {
  readonly log: WalletLog;
  readonly #store: KeystoreStore;
  readonly #mayJoin: NonNullable<WalletOptions['mayJoin']>;
  readonly #onUserKey: NonNullable<WalletOptions['onUserKey']>;
  readonly #wallets: UnlockedWallets;
  readonly #guard: UnlockGuard;
  readonly #pincodes: PincodePool;
  readonly #ownPool: boolean;
  readonly #scryptN: number;
  readonly #sweeper: NodeJS.Timeout | null;
  #decoy: Promise<string> | null = null;

  constructor(options: WalletOptions) {
    this.#store = options.store;
    this.#mayJoin = options.mayJoin ?? (async () => true);
    this.#onUserKey = options.onUserKey ?? (async () => undefined);
    this.#scryptN = options.scryptN ?? standardScryptN;
    this.log = options.log ?? (() => undefined);
    const now = options.now ?? Date.now;
    const memory = options.state ? null : new MemoryWalletState(now);
    const state = options.state ?? memory!;
    this.#wallets = new UnlockedWallets({
      store: state,
      ttlMs: options.ttlMs ?? 30 * 60_000,
      now,
      ...(options.onUnlock ? { onUnlock: options.onUnlock } : {}),
    });
    this.#guard = new UnlockGuard({
      store: state,
      ...(options.guessing ? { limits: options.guessing } : {}),
      ...(options.onRepeatedFailures ? { onRepeatedFailures: options.onRepeatedFailures } : {}),
      log: (message, detail) => this.log('warn', message, detail),
      now,
    });
    this.#ownPool = !(options.pincodes instanceof PincodePool);
    this.#pincodes =
      options.pincodes instanceof PincodePool
        ? options.pincodes
        : new PincodePool({
            ...options.pincodes,
            log: (level, message, detail) => this.log(level, message, detail),
          });
    // Expired wallets in this process's memory are dropped; a shared store expires its own.
    this.#sweeper = memory ? setInterval(() => memory.sweep(), sweepEveryMs).unref() : null;
  }

  /**
   * `POST /unlock {userId, password}` from `client` (the caller's network address). Answers the
   * organisation's address and sealing key and the user's personal sign-in address.
   */
  async unlock(body: Body, client = 'unknown'): Promise<WalletUnlockAnswer> {
    const userId = walletUserId(body.userId);
    const password = requiredText(body.password, 'password', maxPasswordLength);
    const record = await this.#store.find(userId);
    const generation = keystoreGeneration(record);
    await this.#guard.before(userId, generation, client);
    // An unknown user costs one scrypt too, on a decoy keystore: the time tells nothing.
    const account = record
      ? await openKeystore(record.keystore, password)
      : await openKeystore(await this.#decoyKeystore(), password);
    if (!record || !account) {
      await this.#guard.failed(userId, client, record !== null);
      // The same answer for an unknown user and a wrong password: neither leaks which it was.
      throw new WalletError('invalid_credentials');
    }
    await this.#guard.succeeded(userId, generation, client);
    const userKey = await this.#personalKey(record, password);
    const { token, wallet } = await this.#wallets.unlock(
      userId,
      record.type,
      account.privateKey,
      userKey.privateKey,
    );
    const { sealingPublicKey } = await organisationKeysFrom(account.privateKey);
    return {
      token,
      address: wallet.address,
      userAddress: wallet.userAddress,
      sealingPublicKey,
      expiresAt: new Date(wallet.expiresAt).toISOString(),
    };
  }

  async lock(token: string | null) {
    await this.#wallets.lock(token);
    return {};
  }

  /**
   * `POST /sign {message, as?}`: an EIP-191 signature. The organisation key signs what the
   * organisation states (custody statements) and never a sign-in message; the personal key
   * (`as: "user"`) signs only sign-in messages for its own address (DESIGN §3 "Signing in").
   */
  sign(token: string | null, body: Body) {
    return this.#withWallet(token, async (wallet) => {
      const message = requiredText(body.message, 'message', maxMessageLength);
      if (body.as !== undefined && body.as !== 'user') {
        throw new WalletError('validation_failed', 'as must be "user" or left out');
      }
      const signInAddress = signInHeader.exec(message)?.[1];
      if (body.as === 'user') {
        if (!signInAddress || getAddress(signInAddress) !== wallet.userAddress) {
          throw new WalletError(
            'forbidden',
            'The personal key signs only sign-in messages for its own address.',
          );
        }
        return { signature: await wallet.user.signMessage(message) };
      }
      if (message.includes('wants you to sign in with your Ethereum account')) {
        throw new WalletError(
          'forbidden',
          'A sign-in message is signed with the personal key (as: "user"), never the organisation key.',
        );
      }
      // A 10,000-release statement is 1.5 MB: its digest is hashed in a worker, then signed here, so the key never leaves this thread.
      const digest = await sharedHashPool().digest(message);
      return { signature: wallet.signer.signingKey.sign(digest).serialized };
    });
  }

  /** `POST /pincodes/open`: large batches are opened in the pincode workers. */
  openPincodes(
    token: string | null,
    body: Body,
  ): Promise<{ items: WalletItemResult<{ pincode: string }>[] }> {
    return this.#withWallet(token, async (wallet) => {
      const items = pincodeItems(body.items);
      const opened = await this.#pincodes.open(
        items.map((item) => item.encryptedPincode),
        await wallet.sealing(),
      );
      return {
        items: items.map(({ address }, i) => {
          const pincode = opened[i];
          return pincode == null
            ? { address, error: 'could not open pincode' }
            : { address, pincode };
        }),
      };
    });
  }

  /** `POST /pincodes/reseal`: large batches are resealed in the pincode workers. */
  resealPincodes(
    token: string | null,
    body: Body,
  ): Promise<{ items: WalletItemResult<{ encryptedPincode: string }>[] }> {
    return this.#withWallet(token, async (wallet) => {
      const targetPublicKey = requiredText(body.targetPublicKey, 'targetPublicKey', 200);
      await sealPincode('probe', targetPublicKey).catch(() => {
        throw new WalletError('bad_request', 'targetPublicKey is not a sealing public key');
      });
      const items = pincodeItems(body.items);
      const resealed = await this.#pincodes.reseal(
        items.map((item) => item.encryptedPincode),
        await wallet.sealing(),
        sodium.from_base64(targetPublicKey, sodium.base64_variants.ORIGINAL),
      );
      return {
        items: items.map(({ address }, i) => {
          const encryptedPincode = resealed[i];
          return encryptedPincode == null
            ? { address, error: 'could not open pincode' }
            : { address, encryptedPincode };
        }),
      };
    });
  }

  /** `POST /users` (wallet admins): a new wallet user with its own personal sign-in key. */
  addUser(token: string | null, body: Body) {
    return this.#withWallet(token, (wallet) => this.#addUser(wallet, body));
  }

  async #addUser(wallet: UnlockedWallet, body: Body) {
    if (wallet.type !== 'admin')
      throw new WalletError('forbidden', 'Only a wallet admin adds users.');
    const userId = walletUserId(body.userId);
    const password = requiredText(body.password, 'password', maxPasswordLength);
    if (password.length < 8) throw new WalletError('validation_failed', 'password too short');
    const type = body.type === 'admin' || body.type === 'user' ? body.type : null;
    if (!type) throw new WalletError('validation_failed', 'type must be admin or user');
    if (!(await this.#mayJoin(userId, wallet.address, 'add'))) {
      throw new WalletError('forbidden', 'That user is not a user of this organisation.');
    }
    const record = await newWalletUserRecord(
      wallet.signer.privateKey,
      { userId, password, type },
      this.#scryptN,
    );
    if (!(await this.#store.insert(record))) {
      throw new WalletError('already_exists', 'This wallet user already exists.');
    }
    await this.#onUserKey(userId, record.userAddress!, 'added');
    return { userId, userAddress: record.userAddress };
  }

  /**
   * `POST /users/password` (wallet admins; access spec §2 "Forgot password?"): a user of the
   * admin's organisation who forgot the password gets a new one. Nobody can open the old
   * keystores, so the admin's unlocked key is wrapped anew under the new password, with a new
   * personal sign-in key that replaces the old one; the user's unlocked wallets are locked.
   */
  resetUserPassword(token: string | null, body: Body) {
    return this.#withWallet(token, (wallet) => this.#resetUserPassword(wallet, body));
  }

  async #resetUserPassword(wallet: UnlockedWallet, body: Body) {
    if (wallet.type !== 'admin') {
      throw new WalletError('forbidden', 'Only a wallet admin resets passwords.');
    }
    const userId = walletUserId(body.userId);
    const password = requiredText(body.password, 'password', maxPasswordLength);
    if (password.length < 8) throw new WalletError('validation_failed', 'password too short');
    const current = await this.#store.find(userId);
    // Another organisation's wallet user is not this admin's to know of.
    if (!current || getAddress(current.address) !== wallet.address) {
      throw new WalletError('not_found', 'This user has no keystore in this wallet.');
    }
    if (!(await this.#mayJoin(userId, wallet.address, 'reset'))) {
      throw new WalletError('forbidden', 'That user is not a user of this organisation.');
    }
    const record = await newWalletUserRecord(
      wallet.signer.privateKey,
      { userId, password, type: current.type },
      this.#scryptN,
    );
    if (!(await this.#store.replace(record))) throw new WalletError('not_found');
    // Every wallet the user unlocked, on every instance, ends; the new keystore starts every
    // client's count for the user afresh (keystoreGeneration), so a user who locked themselves
    // out with the forgotten password can use the new one at once.
    await this.#wallets.lockUser(userId, record.userAddress!);
    await this.#onUserKey(userId, record.userAddress!, 'reset');
    this.log('info', 'wallet user password reset by an admin', { userId, by: wallet.userId });
    return { userId, userAddress: record.userAddress };
  }

  /**
   * Ends every unlocked wallet of a user whose keystores were removed from the store (the
   * portal revoked a machine wallet user): those at `stateKeys` are deleted now, any other is
   * refused on every instance (`UnlockedWallets.endUser`).
   */
  async endUser(userId: string, stateKeys: readonly string[] = []): Promise<void> {
    await this.#wallets.endUser(userId, stateKeys);
    this.log('info', 'wallet user removed: its unlocked wallets ended', { userId });
  }

  /**
   * The user's personal sign-in key, opened with the password that just opened the organisation
   * key. A user made before personal keys gets one now (DESIGN §3: "a cloud-wallet user gets its
   * key at the next unlock").
   */
  async #personalKey(
    record: WalletUserRecord,
    password: string,
  ): Promise<{ address: string; privateKey: string }> {
    if (record.userKeystore) {
      const opened = await openKeystore(record.userKeystore, password);
      if (!opened)
        throw new Error(`wallet user ${record.userId}: the sign-in keystore does not open`);
      return opened;
    }
    const personal = randomWallet();
    const userKeystore = await sealKeystore(personal.privateKey, password, this.#scryptN);
    if (!(await this.#store.addUserKey(record.userId, personal.address, userKeystore))) {
      // Another unlock gave the key first: use that one.
      const current = await this.#store.find(record.userId);
      if (!current?.userKeystore) throw new Error(`wallet user ${record.userId} vanished`);
      return this.#personalKey(current, password);
    }
    this.log('info', 'personal sign-in key made at unlock', { userId: record.userId });
    await this.#onUserKey(record.userId, personal.address, 'upgraded');
    return { address: personal.address, privateKey: personal.privateKey };
  }

  /** A keystore nobody can open, of the same cost as a real one. */
  #decoyKeystore(): Promise<string> {
    this.#decoy ??= sealKeystore(
      randomWallet().privateKey,
      randomBytes(32).toString('base64'),
      this.#scryptN,
    );
    return this.#decoy;
  }

  /** Stops the sweeper and the pincode workers; unlocked wallets in a shared store stay. */
  async close(): Promise<void> {
    if (this.#sweeper) clearInterval(this.#sweeper);
    if (this.#ownPool) await this.#pincodes.close();
  }

  /** Opens the token's wallet for one call, and forgets its keys when the call is done. */
  async #withWallet<T>(token: string | null, use: (wallet: UnlockedWallet) => Promise<T>) {
    const wallet = await this.#wallets.get(token);
    if (!wallet) throw new WalletError('wallet_unauthorized');
    try {
      return await use(wallet);
    } finally {
      forgetWallet(wallet);
    }
  }
}

/**
 * Which keystore a user has now (a short hash of it; "none" for an unknown user): an admin's
 * password reset makes a new one, so the per-client counts keyed by it start again.
 */
function keystoreGeneration(record: WalletUserRecord | null): string {
  if (!record) return 'none';
  return createHash('sha256').update(record.keystore).digest('base64url').slice(0, 12);
}
