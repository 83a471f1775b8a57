import { skipsSessionCheck } from '@scr/domain';
import type { Authentication } from '../../api/auth.ts';
import { statusOf } from '../../api/http.ts';
import { bindSession } from '../../api/session-binding.ts';
import { receivedTokenExpiresAt, refreshThresholdMs, tokenExpiresAt } from './jwt.ts';
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
 * any 401 into one "session expired" alert, but for carriers, who skip the session check
 * (access spec §6): their session is renewed instead. React reads it through
 * `useSyncExternalStore`.
 */
export class SessionStore {
  #state: SessionState;
  #accessToken: string | null = null;
  /** When the access token expires by this browser's clock (`receivedTokenExpiresAt`). */
  #expiresAt: number | null = null;
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
    this.#expiresAt = verified ? receivedTokenExpiresAt(verified.accessToken, deps.now()) : null;
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
      unauthorized: () => this.unauthorized(),
    });
    if (this.#state.status === 'restoring') void this.#restore();
    else if (this.#accessToken && !this.#state.twoFactorPending) {
      this.#schedule();
      this.#deps.connectRealtime(this.#accessToken, this.#socketRefused);
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
    const expiresAt = this.#expiresAt;
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
          // The browser's own reading of its clock ends the session, but not a carrier's:
          // the server judges that token when it can be reached again (access spec §6).
          if (this.#accessToken !== token) return this.#accessToken;
          const expiresAt = this.#expiresAt ?? 0;
          if (expiresAt <= this.#deps.now() && !this.#skipsSessionCheck()) {
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
   * Access spec §4 "Session": an authenticated call (or the socket) was answered 401. Anyone but
   * a carrier gets the one alert (`expire`). Carriers skip the session check (§6): their
   * session is renewed instead, and ends with the alert only when the server refuses the
   * renewal (the session revoked, or past its maximum life). Answers whether the session goes
   * on, so that the call may be tried once more with the new token.
   */
  async unauthorized(): Promise<boolean> {
    if (!this.#skipsSessionCheck()) {
      this.expire();
      return false;
    }
    const token = await this.refresh();
    return token !== null && !this.#state.expired;
  }

  /**
   * Access spec §4 "Session": the session is over. Storage is cleared at once and one alert
   * shows, however many calls failed; its Close button leaves for `/`.
   */
  expire(): void {
    if (this.#state.expired || this.#state.status === 'signedOut') return;
    this.#clearTimer();
    this.#accessToken = null;
    this.#expiresAt = null;
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
      if (stillValid) this.#adopt(stored.accessToken, stored.user, true, expiresAt);
      else this.#signedOut();
      return;
    }
    try {
      const { accessToken, user } = await this.#deps.reAuthenticate(stored.accessToken);
      this.#adopt(accessToken, user, false);
    } catch (error) {
      // Offline for a moment: the stored session holds until its token runs out, or, for a
      // carrier (access spec §6), until the server, once reached, refuses it.
      const holds = stillValid || skipsSessionCheck(stored.user.organizationRole);
      if (statusOf(error) !== 401 && holds) {
        this.#adopt(stored.accessToken, stored.user, false, expiresAt);
      } else this.#signedOut();
    }
  }

  /** The socket's authentication was refused (a reconnection with a token the server ended). */
  readonly #socketRefused = () => void this.unauthorized();

  /**
   * Access spec §4, §6: carriers skip the browser's session check, signed in with the full
   * token (the two-factor one is judged by the two-factor endpoints alone).
   */
  #skipsSessionCheck(): boolean {
    const { user, twoFactorPending, expired } = this.#state;
    return !!user && !twoFactorPending && !expired && skipsSessionCheck(user.organizationRole);
  }

  /**
   * Keeps a token; `expiresAt` when it was not just received (a stored one read after a
   * reload, whose age is unknown: its own `exp`).
   */
  #adopt(
    accessToken: string,
    user: SessionUser,
    twoFactorPending: boolean,
    expiresAt = receivedTokenExpiresAt(accessToken, this.#deps.now()),
  ) {
    const wasConnected = this.#accessToken !== null && !this.#state.twoFactorPending;
    this.#accessToken = accessToken;
    this.#expiresAt = expiresAt;
    writeStoredSession({ accessToken, user, twoFactorPending }, this.#deps.local);
    this.#set({ status: 'signedIn', user, twoFactorPending, expired: false });
    if (twoFactorPending) return;
    this.#schedule();
    if (!wasConnected) this.#deps.connectRealtime(accessToken, this.#socketRefused);
  }

  #signedOut() {
    clearBrowserStorage(this.#deps.local, this.#deps.session);
    this.#set({ status: 'signedOut', user: null, twoFactorPending: false, expired: false });
  }

  /** Refreshes 30 seconds before the token expires (or after `delayMs`, to retry). */
  #schedule(delayMs?: number) {
    this.#clearTimer();
    const expiresAt = this.#accessToken ? this.#expiresAt : null;
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
