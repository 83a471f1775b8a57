import {
  guessAlertDue,
  guessKeys,
  guessVerdict,
  passwordGuessing,
  type GuessingLimits,
} from '@scr/domain';
import { tooManyFailures } from './wallet-error.ts';
import type { WalletStateStore } from './wallet-state.ts';

/** What the owner of an account under attack is told (issue 42 item 2). */
export interface RepeatedFailures {
  /** Failed unlocks of the account in the window so far. */
  failures: number;
  /** How many client addresses those failures came from. */
  addresses: number;
  /** When the window of those failures began. */
  since: Date;
}

export type OnRepeatedFailures = (userId: string, failures: RepeatedFailures) => Promise<void>;

export interface UnlockGuardOptions {
  store: WalletStateStore;
  limits?: GuessingLimits;
  onRepeatedFailures?: OnRepeatedFailures;
  log?: (message: string, detail: unknown) => void;
  now?: () => number;
}

const scope = 'wallet';
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Domain's password-guessing rule (`guessVerdict`) applied to `/unlock`, counted in the wallet's
 * state store, so once for all instances. Per account and client the try is counted before the
 * password is tried, so that parallel guesses cannot pass the hard stop; a success forgets that
 * count only. Per client and per account only failures count. The per-account-and-client count
 * is of the account's `generation` (its keystore): a new password starts it again.
 */
export class UnlockGuard {
  readonly #store: WalletStateStore;
  readonly #limits: GuessingLimits;
  readonly #onRepeatedFailures: OnRepeatedFailures;
  readonly #log: NonNullable<UnlockGuardOptions['log']>;
  readonly #now: () => number;

  constructor(options: UnlockGuardOptions) {
    this.#store = options.store;
    this.#limits = options.limits ?? passwordGuessing;
    this.#onRepeatedFailures = options.onRepeatedFailures ?? (async () => undefined);
    this.#log = options.log ?? (() => undefined);
    this.#now = options.now ?? Date.now;
  }

  /** Before the password is tried: throws `too_many_requests`, or waits the account's slowing. */
  async before(account: string, generation: string, client: string): Promise<void> {
    const keys = guessKeys(scope, account, client);
    const [tries, byClient, byAccount] = await Promise.all([
      this.#store.hit(
        triesKey(account, generation, client),
        this.#limits.perAccountAndClient.windowMs,
      ),
      this.#store.peek(keys.client),
      this.#store.peek(keys.account),
    ]);
    const verdict = guessVerdict(
      {
        // The tries before this one: this one is counted already.
        accountAndClient: { count: tries.count - 1, resetAt: tries.resetAt },
        client: byClient,
        account: byAccount,
      },
      this.#now(),
      this.#limits,
    );
    if (verdict.kind === 'refuse') throw tooManyFailures(verdict.retryAfterMs);
    if (verdict.delayMs > 0) await wait(verdict.delayMs);
  }

  /** A wrong password (or an unknown account: `known` false, and nobody to tell). */
  async failed(account: string, client: string, known: boolean): Promise<void> {
    const keys = guessKeys(scope, account, client);
    const windowMs = this.#limits.perAccount.windowMs;
    const [, byAccount, fromClient] = await Promise.all([
      this.#store.hit(keys.client, this.#limits.perClient.windowMs),
      this.#store.hit(keys.account, windowMs),
      this.#store.hit(keys.accountClient, windowMs),
    ]);
    if (fromClient.count === 1) await this.#store.hit(keys.accountClients, windowMs);
    if (!known || !guessAlertDue(byAccount.count, this.#limits)) return;
    const addresses = (await this.#store.peek(keys.accountClients))?.count ?? 1;
    const failures = {
      failures: byAccount.count,
      addresses,
      since: new Date(byAccount.resetAt - windowMs),
    };
    // The refusal is answered whatever the alert does; a failed alert is only logged.
    await this.#onRepeatedFailures(account, failures).catch((error: unknown) =>
      this.#log('could not tell the user of repeated failures', error),
    );
  }

  /** The right password: this client's count for the account starts again. */
  async succeeded(account: string, generation: string, client: string): Promise<void> {
    await this.#store.clear(triesKey(account, generation, client));
  }
}

/** Wallet user ids have no "~": the generation cannot make one account's key another's. */
const triesKey = (account: string, generation: string, client: string) =>
  guessKeys(scope, `${account}~${generation}`, client).accountAndClient;
