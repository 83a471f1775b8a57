import type { Authentication } from '../../api/auth.ts';
import { statusOf } from '../../api/http.ts';
import { bindSession } from '../../api/session-binding.ts';
import { refreshThresholdMs, tokenExpiresAt } from './jwt.ts';
import {
  clearBrowserStorage,
  forgetLegacyWalletInfo,
  readStoredSession,
  readWalletInfo,
  writeStoredSession,
  writeWalletInfo,
  type StoredSession,
} from './session-storage.ts';
import type { SessionStatus, SessionUser, WalletInfo } from './session-user.ts';

/** What the interface renders from: who is signed in, and how far. */
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Signed in with the wallet, but the e-mailed code is not validated yet. */
  twoFactorPending: boolean;
  /** A call answered 401: the one "session expired" alert is showing. */
  expired: boolean;
}

/** The outside world of the session, injected so that tests run it with fakes and fake timers. */
export interface SessionDeps {
  reAuthenticate: (accessToken: string) => Promise<Authentication>;
  revokeAccessToken: (accessToken: string) => Promise<void>;
  lockWallet: (walletUrl: string, walletToken: string) => Promise<void>;
  connectRealtime: (accessToken: string, unauthorized: () => void) => void;
  refreshRealtime: (accessToken: string) => void;
  disconnectRealtime: () => void;
  /** A full-page navigation (the session-expired alert's Close goes to `/`). */
  redirect: (url: string) => void;
  local: Storage;
  session: Storage;
  now: () => number;
}

/** A failed refresh that was not a 401 (the network) is tried again after this long. */
const retryMs = 5_000;

/**
 * The signed-in session (access spec §4 "Session"), outside React: it keeps the access token,
 * stores it so a reload stays signed in, refreshes it when less than 30 s remain, and turns
 * any 401 into one "session expired" alert. React reads it through `useSyncExternalStore`.
 */
export class SessionStore {
  #state: SessionState;
  #accessToken: string | null = null;
  #refreshing: Promise<string | null> | null = null;
  #timer: ReturnType<typeof setTimeout> | null = null;
  readonly #listeners = new Set<() => void>();
  readonly #deps: SessionDeps;
  readonly #stored: StoredSession | null;

  /**
   * `verified` starts with a session known to be good (tests use it); otherwise a session
   * stored by an earlier page load is read and checked by `start()`.
   */
  constructor(deps: SessionDeps, verified?: StoredSession) {
    this.#deps = deps;
    forgetLegacyWalletInfo(deps.local);
    this.#stored = verified ? null : readStoredSession(deps.local);
    this.#accessToken = verified?.accessToken ?? null;
    this.#state = {
      status: verified ? 'signedIn' : this.#stored ? 'restoring' : 'signedOut',
      user: verified?.user ?? null,
      twoFactorPending: verified?.twoFactorPending ?? false,
      expired: false,
    };
  }

  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getState = () => this.#state;

  /**
   * Binds the API layer to this session and checks a stored session with a jwt
   * re-authentication (status `restoring` meanwhile). Answers a function that unbinds.
   */
  start(): () => void {
    const unbind = bindSession({
      freshToken: () => this.freshToken(),
      unauthorized: () => this.expire(),
    });
    if (this.#state.status === 'restoring') void this.#restore();
    else if (this.#accessToken && !this.#state.twoFactorPending) {
      this.#schedule();
      this.#deps.connectRealtime(this.#accessToken, () => this.expire());
    }
    return () => {
      unbind();
      this.#clearTimer();
    };
  }

  /** Sign-in succeeded (DESIGN §3 step 5): keep the token, the user and the unlocked wallet. */
  signIn(authentication: Authentication, wallet: WalletInfo): void {
    writeWalletInfo(wallet, this.#deps.session);
    this.#adopt(authentication.accessToken, authentication.user, authentication.twoFactorRequired);
  }

  /** The e-mailed code was validated: the full access token replaces the two-factor one. */
  completeTwoFactor(accessToken: string, user: SessionUser): void {
    this.#adopt(accessToken, user, false);
  }

  /** The access token, refreshed first when less than 30 seconds remain; null when signed out. */
  async freshToken(): Promise<string | null> {
    const token = this.#accessToken;
    if (!token || this.#state.expired) return null;
    if (this.#state.twoFactorPending) return token;
    const expiresAt = tokenExpiresAt(token);
    if (expiresAt !== null && expiresAt - this.#deps.now() < refreshThresholdMs) {
      return this.refresh();
    }
    return token;
  }

  /**
   * A jwt re-authentication: a new token and the user as the server sees them now (after the
   * EULA or the terms were accepted, for one). Concurrent callers share one request.
   */
  refresh(): Promise<string | null> {
    const token = this.#accessToken;
    if (!token || this.#state.expired) return Promise.resolve(null);
    this.#refreshing ??= this.#deps
      .reAuthenticate(token)
      .then(
        ({ accessToken, user }) => {
          if (this.#accessToken !== token) return this.#accessToken;
          this.#adopt(accessToken, user, false);
          this.#deps.refreshRealtime(accessToken);
          return accessToken;
        },
        (error: unknown) => {
          if (statusOf(error) === 401) {
            this.expire();
            return null;
          }
          const expiresAt = tokenExpiresAt(token) ?? 0;
          if (expiresAt <= this.#deps.now()) {
            this.expire();
            return null;
          }
          this.#schedule(retryMs);
          return token;
        },
      )
      .finally(() => {
        this.#refreshing = null;
      });
    return this.#refreshing;
  }

  /**
   * Access spec §4 "Session": a call answered 401. Storage is cleared at once and one alert
   * shows, however many calls failed; its Close button leaves for `/`.
   */
  expire(): void {
    if (this.#state.expired || this.#state.status === 'signedOut') return;
    this.#clearTimer();
    this.#accessToken = null;
    clearBrowserStorage(this.#deps.local, this.#deps.session);
    this.#deps.disconnectRealtime();
    this.#set({ ...this.#state, expired: true });
  }

  /** The alert's Close: a full-page redirect to the start, which then asks to sign in. */
  closeExpiredAlert(): void {
    this.#deps.redirect('/');
  }

  /**
   * Logout (access spec §4): the server revokes the token, the wallet locks, storage is cleared
   * (the language stays) and the socket closes. Failures of the calls do not keep anyone in.
   */
  async logout(): Promise<void> {
    const token = this.#accessToken;
    const wallet = readWalletInfo(this.#deps.session);
    this.#clearTimer();
    this.#accessToken = null;
    clearBrowserStorage(this.#deps.local, this.#deps.session);
    this.#deps.disconnectRealtime();
    this.#set({ status: 'signedOut', user: null, twoFactorPending: false, expired: false });
    await Promise.allSettled([
      token ? this.#deps.revokeAccessToken(token) : Promise.resolve(),
      wallet ? this.#deps.lockWallet(wallet.url, wallet.token) : Promise.resolve(),
    ]);
  }

  /** The wallet unlocked again in the session (its own session had expired, DESIGN §3). */
  updateWallet(wallet: WalletInfo): void {
    writeWalletInfo(wallet, this.#deps.session);
  }

  /** The wallet unlocked at sign-in, while it is still unlocked. */
  wallet(): WalletInfo | null {
    const wallet = readWalletInfo(this.#deps.session);
    if (!wallet) return null;
    const expiresAt = Date.parse(wallet.expiresAt);
    return Number.isNaN(expiresAt) || expiresAt > this.#deps.now() ? wallet : null;
  }

  async #restore() {
    const stored = this.#stored;
    if (!stored || this.#state.status !== 'restoring') return;
    const expiresAt = tokenExpiresAt(stored.accessToken);
    const stillValid = expiresAt === null || expiresAt > this.#deps.now();
    if (stored.twoFactorPending) {
      // That token reaches only the two-factor endpoints, which will judge it.
      if (stillValid) this.#adopt(stored.accessToken, stored.user, true);
      else this.#signedOut();
      return;
    }
    try {
      const { accessToken, user } = await this.#deps.reAuthenticate(stored.accessToken);
      this.#adopt(accessToken, user, false);
    } catch (error) {
      // Offline for a moment: the stored session holds until its token runs out.
      if (statusOf(error) !== 401 && stillValid)
        this.#adopt(stored.accessToken, stored.user, false);
      else this.#signedOut();
    }
  }

  #adopt(accessToken: string, user: SessionUser, twoFactorPending: boolean) {
    const wasConnected = this.#accessToken !== null && !this.#state.twoFactorPending;
    this.#accessToken = accessToken;
    writeStoredSession({ accessToken, user, twoFactorPending }, this.#deps.local);
    this.#set({ status: 'signedIn', user, twoFactorPending, expired: false });
    if (twoFactorPending) return;
    this.#schedule();
    if (!wasConnected) this.#deps.connectRealtime(accessToken, () => this.expire());
  }

  #signedOut() {
    clearBrowserStorage(this.#deps.local, this.#deps.session);
    this.#set({ status: 'signedOut', user: null, twoFactorPending: false, expired: false });
  }

  /** Refreshes 30 seconds before the token expires (or after `delayMs`, to retry). */
  #schedule(delayMs?: number) {
    this.#clearTimer();
    const expiresAt = this.#accessToken ? tokenExpiresAt(this.#accessToken) : null;
    if (expiresAt === null) return;
    const delay = delayMs ?? Math.max(0, expiresAt - refreshThresholdMs - this.#deps.now());
    this.#timer = setTimeout(() => void this.refresh(), delay);
  }

  #clearTimer() {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #set(state: SessionState) {
    this.#state = state;
    for (const listener of this.#listeners) listener();
  }
}
