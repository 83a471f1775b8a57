import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Authentication } from '../../api/auth.ts';
import { HttpError, NetworkError } from '../../api/http.ts';
import { boundSession } from '../../api/session-binding.ts';
import { languageStorageKey } from '../../i18n/language-preference.ts';
import { carrierUser, fakeJwt, forwarderUser } from '../../test/fixtures.ts';
import { fakeSessionDeps } from '../../test/render-app.tsx';
import { trackSession } from '../../test/running-sessions.ts';
import { sessionStorageKey, walletStorageKey, writeStoredSession } from './session-storage.ts';
import { SessionStore, type SessionDeps } from './session-store.ts';
import type { WalletInfo } from './session-user.ts';

const minute = 60_000;
const wallet: WalletInfo = {
  id: 101,
  email: forwarderUser.email,
  type: 'company',
  url: 'http://localhost:3000/wallet',
  address: '0xf0a1',
  token: 'wallet-token',
  expiresAt: new Date(Date.now() + 30 * minute).toISOString(),
};

const signedIn = (accessToken: string, twoFactorRequired = false): Authentication => ({
  accessToken,
  user: forwarderUser,
  twoFactorRequired,
});

function startStore(overrides: Partial<SessionDeps> = {}) {
  const deps = fakeSessionDeps(overrides);
  const store = new SessionStore(deps);
  trackSession(store.start());
  return { store, deps };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('token refresh (access spec §4 "Session", §9: less than 30 seconds remain)', () => {
  it('re-authenticates 30 seconds before the token expires, and keeps the new token', async () => {
    const first = fakeJwt(Date.now() + 15 * minute, 'first');
    const second = fakeJwt(Date.now() + 30 * minute, 'second');
    const reAuthenticate = vi.fn(async () => signedIn(second));
    const { store, deps } = startStore({ reAuthenticate });
    store.signIn(signedIn(first), wallet);

    await vi.advanceTimersByTimeAsync(15 * minute - 30_000 - 1);
    expect(reAuthenticate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reAuthenticate).toHaveBeenCalledWith(first);
    expect(await store.freshToken()).toBe(second);
    expect(JSON.parse(localStorage.getItem(sessionStorageKey) ?? '{}').accessToken).toBe(second);
    expect(deps.refreshRealtime).toHaveBeenCalledWith(second);

    // And again before the new one runs out.
    await vi.advanceTimersByTimeAsync(15 * minute);
    expect(reAuthenticate).toHaveBeenCalledTimes(2);
  });

  it('refreshes before a request when less than 30 seconds remain, once for concurrent requests', async () => {
    const first = fakeJwt(Date.now() + 20_000);
    const second = fakeJwt(Date.now() + 15 * minute);
    const reAuthenticate = vi.fn(async () => signedIn(second));
    const { store } = startStore({ reAuthenticate });
    store.signIn(signedIn(first), wallet);
    const tokens = await Promise.all([
      boundSession()?.freshToken(),
      boundSession()?.freshToken(),
      store.freshToken(),
    ]);
    expect(tokens).toEqual([second, second, second]);
    expect(reAuthenticate).toHaveBeenCalledTimes(1);
  });

  it('does not refresh a token with more than 30 seconds left', async () => {
    const token = fakeJwt(Date.now() + 31_000);
    const reAuthenticate = vi.fn();
    const { store } = startStore({ reAuthenticate });
    store.signIn(signedIn(token), wallet);
    expect(await store.freshToken()).toBe(token);
    expect(reAuthenticate).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh answers 401', async () => {
    const reAuthenticate = vi.fn(async () => {
      throw new HttpError(401, 'session_invalid', 'revoked');
    });
    const { store, deps } = startStore({ reAuthenticate });
    store.signIn(signedIn(fakeJwt(Date.now() + minute)), wallet);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(store.getState().expired).toBe(true);
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(deps.disconnectRealtime).toHaveBeenCalled();
  });

  it('tries again after a network failure while the token is still valid', async () => {
    const next = fakeJwt(Date.now() + 16 * minute);
    const reAuthenticate = vi
      .fn<SessionDeps['reAuthenticate']>()
      .mockRejectedValueOnce(new NetworkError('/api/authentication'))
      .mockResolvedValueOnce(signedIn(next));
    const { store } = startStore({ reAuthenticate });
    store.signIn(signedIn(fakeJwt(Date.now() + minute)), wallet);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(store.getState().expired).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reAuthenticate).toHaveBeenCalledTimes(2);
    expect(await store.freshToken()).toBe(next);
  });

  it('does not refresh the two-factor token, which reaches only the two-factor endpoints', async () => {
    const reAuthenticate = vi.fn();
    const { store, deps } = startStore({ reAuthenticate });
    const token = fakeJwt(Date.now() + 10_000);
    store.signIn(signedIn(token, true), wallet);
    expect(await store.freshToken()).toBe(token);
    await vi.advanceTimersByTimeAsync(20 * minute);
    expect(reAuthenticate).not.toHaveBeenCalled();
    expect(deps.connectRealtime).not.toHaveBeenCalled();
    store.completeTwoFactor(fakeJwt(Date.now() + 15 * minute), forwarderUser);
    expect(deps.connectRealtime).toHaveBeenCalledTimes(1);
    expect(store.getState().twoFactorPending).toBe(false);
  });
});

describe('restoring a stored session (a reload keeps the user signed in)', () => {
  const stored = (accessToken: string, twoFactorPending = false) =>
    writeStoredSession({ accessToken, user: carrierUser, twoFactorPending });

  it('is restoring until a jwt re-authentication confirms it', async () => {
    stored(fakeJwt(Date.now() + 5 * minute));
    let answer: (value: Authentication) => void = () => undefined;
    const reAuthenticate = vi.fn(() => new Promise<Authentication>((r) => (answer = r)));
    const { store, deps } = startStore({ reAuthenticate });
    expect(store.getState().status).toBe('restoring');
    const fresh = fakeJwt(Date.now() + 15 * minute);
    answer({ accessToken: fresh, user: carrierUser, twoFactorRequired: false });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ status: 'signedIn', user: carrierUser });
    expect(await store.freshToken()).toBe(fresh);
    expect(deps.connectRealtime).toHaveBeenCalledWith(fresh, expect.any(Function));
  });

  it('signs out quietly, clearing storage, when the server refuses the stored token', async () => {
    stored(fakeJwt(Date.now() + 5 * minute));
    sessionStorage.setItem(walletStorageKey, JSON.stringify(wallet));
    const reAuthenticate = vi.fn(async () => {
      throw new HttpError(401, 'not_authenticated', 'expired');
    });
    const { store } = startStore({ reAuthenticate });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ status: 'signedOut', expired: false });
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(sessionStorage.getItem(walletStorageKey)).toBeNull();
  });

  it('keeps a still valid stored session when the server cannot be reached', async () => {
    const token = fakeJwt(Date.now() + 5 * minute);
    stored(token);
    const reAuthenticate = vi.fn(async () => {
      throw new NetworkError('/api/authentication');
    });
    const { store } = startStore({ reAuthenticate });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().status).toBe('signedIn');
    expect(await store.freshToken()).toBe(token);
  });

  it('keeps a pending two-factor session without re-authenticating it', async () => {
    stored(fakeJwt(Date.now() + 5 * minute), true);
    const reAuthenticate = vi.fn();
    const { store } = startStore({ reAuthenticate });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ status: 'signedIn', twoFactorPending: true });
    expect(reAuthenticate).not.toHaveBeenCalled();
  });
});

describe('session expiry and logout (access spec §4 "Session")', () => {
  it('raises one alert however many calls answer 401, and Close leaves for /', () => {
    const { store, deps } = startStore();
    store.signIn(signedIn(fakeJwt(Date.now() + 15 * minute)), wallet);
    const changes = vi.fn();
    store.subscribe(changes);
    for (let i = 0; i < 5; i++) boundSession()?.unauthorized();
    expect(changes).toHaveBeenCalledTimes(1);
    expect(store.getState().expired).toBe(true);
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    store.closeExpiredAlert();
    expect(deps.redirect).toHaveBeenCalledWith('/');
  });

  it('revokes the token, locks the wallet, clears storage but the language, and closes the socket', async () => {
    const { store, deps } = startStore();
    const token = fakeJwt(Date.now() + 15 * minute);
    store.signIn(signedIn(token), wallet);
    localStorage.setItem(languageStorageKey, 'de');
    sessionStorage.setItem('scr.draft', 'x');
    await store.logout();
    expect(deps.revokeAccessToken).toHaveBeenCalledWith(token);
    expect(deps.lockWallet).toHaveBeenCalledWith(wallet.url, wallet.token);
    expect(deps.disconnectRealtime).toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'signedOut', user: null });
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
    expect(sessionStorage.getItem(walletStorageKey)).toBeNull();
    expect(sessionStorage.getItem('scr.draft')).toBeNull();
    expect(localStorage.getItem(languageStorageKey)).toBe('de');
    expect(await store.freshToken()).toBeNull();
  });

  it('logs out even when the server and the wallet cannot be reached', async () => {
    const { store } = startStore({
      revokeAccessToken: vi.fn(async () => {
        throw new NetworkError('/api/authentication');
      }),
      lockWallet: vi.fn(async () => {
        throw new NetworkError('/wallet/lock');
      }),
    });
    store.signIn(signedIn(fakeJwt(Date.now() + 15 * minute)), wallet);
    await expect(store.logout()).resolves.toBeUndefined();
    expect(store.getState().status).toBe('signedOut');
  });
});

describe('issue 9 §5: the unlocked wallet token stays out of localStorage', () => {
  it('keeps the wallet info of sign-in and of a new unlock in sessionStorage only', () => {
    const { store } = startStore();
    store.signIn(signedIn(fakeJwt(Date.now() + 15 * minute)), wallet);
    expect(JSON.parse(sessionStorage.getItem(walletStorageKey) ?? '{}')).toEqual(wallet);
    expect(localStorage.getItem(walletStorageKey)).toBeNull();
    expect(store.wallet()).toEqual(wallet);
    store.updateWallet({ ...wallet, token: 'wallet-token-2' });
    expect(store.wallet()?.token).toBe('wallet-token-2');
    expect(localStorage.getItem(walletStorageKey)).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('wallet-token');
  });

  it('removes wallet info an earlier version left in localStorage', () => {
    localStorage.setItem(walletStorageKey, JSON.stringify(wallet));
    const { store } = startStore();
    expect(localStorage.getItem(walletStorageKey)).toBeNull();
    expect(store.wallet()).toBeNull();
  });
});
