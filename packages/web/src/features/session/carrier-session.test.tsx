import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Authentication } from '../../api/auth.ts';
import { api } from '../../api/client.ts';
import { HttpError, NetworkError } from '../../api/http.ts';
import { boundSession } from '../../api/session-binding.ts';
import { failure, json, stubFetch } from '../../test/fake-backend.ts';
import { carrierUser, fakeJwt, forwarderUser } from '../../test/fixtures.ts';
import { fakeSessionDeps, renderApp } from '../../test/render-app.tsx';
import { trackSession } from '../../test/running-sessions.ts';
import type { SessionUser } from './session-user.ts';
import { sessionStorageKey, writeStoredSession } from './session-storage.ts';
import { SessionStore, type SessionDeps } from './session-store.ts';

const minute = 60_000;
const wallet = {
  id: 102,
  email: carrierUser.email,
  type: 'company' as const,
  url: 'http://localhost:3000/wallet',
  address: '0xc0a2',
  token: 'wallet-token',
  expiresAt: new Date(Date.now() + 30 * minute).toISOString(),
};
const answer = (user: SessionUser, accessToken: string): Authentication => ({
  accessToken,
  user,
  twoFactorRequired: false,
});
const refused = () => new HttpError(401, 'session_invalid', 'past its maximum life');

function signedInStore(user: SessionUser, overrides: Partial<SessionDeps> = {}) {
  const deps = fakeSessionDeps(overrides);
  const store = new SessionStore(deps);
  trackSession(store.start());
  store.signIn(answer(user, fakeJwt(Date.now() + 15 * minute, 'first')), wallet);
  return { store, deps };
}

/** The describe's tests on fake timers, from a fixed morning. */
function onFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-03-02T09:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

describe('carriers skip the session check (access spec §4 "Session", §6; releases spec §6)', () => {
  onFakeClock();

  it('renews a carrier’s session on a 401 instead of ending it', async () => {
    const renewed = fakeJwt(Date.now() + 15 * minute, 'renewed');
    const reAuthenticate = vi.fn(async () => answer(carrierUser, renewed));
    const { store } = signedInStore(carrierUser, { reAuthenticate });

    await expect(boundSession()!.unauthorized()).resolves.toBe(true);

    expect(reAuthenticate).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ status: 'signedIn', expired: false });
    expect(await store.freshToken()).toBe(renewed);
  });

  it('still ends a carrier’s session the server will not renew (past its maximum life)', async () => {
    const reAuthenticate = vi.fn(async () => {
      throw refused();
    });
    const { store } = signedInStore(carrierUser, { reAuthenticate });

    await expect(boundSession()!.unauthorized()).resolves.toBe(false);

    expect(store.getState().expired).toBe(true);
    expect(localStorage.getItem(sessionStorageKey)).toBeNull();
  });

  it('ends anyone else’s session at the first 401, without asking the server', async () => {
    const reAuthenticate = vi.fn();
    const { store } = signedInStore(forwarderUser, { reAuthenticate });

    await expect(boundSession()!.unauthorized()).resolves.toBe(false);

    expect(reAuthenticate).not.toHaveBeenCalled();
    expect(store.getState().expired).toBe(true);
  });

  it('keeps a carrier signed in when the refresh cannot reach the server after the browser’s clock says the token ran out', async () => {
    const next = fakeJwt(Date.now() + 40 * minute, 'next');
    const reAuthenticate = vi
      .fn<SessionDeps['reAuthenticate']>()
      .mockRejectedValueOnce(new NetworkError('/api/authentication'))
      .mockResolvedValueOnce(answer(carrierUser, next));
    // The browser's clock runs 20 minutes ahead of the server's.
    const { store } = signedInStore(carrierUser, {
      reAuthenticate,
      now: () => Date.now() + 20 * minute,
    });

    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().expired).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reAuthenticate).toHaveBeenCalledTimes(2);
    expect(await store.freshToken()).toBe(next);
  });

  it('ends a non-carrier’s session in that case (the browser’s own check)', async () => {
    const reAuthenticate = vi.fn(async () => {
      throw new NetworkError('/api/authentication');
    });
    const { store } = signedInStore(forwarderUser, {
      reAuthenticate,
      now: () => Date.now() + 20 * minute,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().expired).toBe(true);
  });

  it.each([
    ['a carrier', carrierUser, 'signedIn'],
    ['anyone else', forwarderUser, 'signedOut'],
  ] as const)(
    'restores %s offline with a token the browser reads as run out: %s',
    async (_who, user, status) => {
      writeStoredSession({
        accessToken: fakeJwt(Date.now() - minute),
        user,
        twoFactorPending: false,
      });
      const reAuthenticate = vi.fn(async () => {
        throw new NetworkError('/api/authentication');
      });
      const store = new SessionStore(fakeSessionDeps({ reAuthenticate }));
      trackSession(store.start());
      await vi.advanceTimersByTimeAsync(0);
      expect(store.getState().status).toBe(status);
    },
  );
});

/** A JWT as the server makes them: issued now by the server's clock, for 15 minutes. */
function serverJwt(serverNow: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const iat = Math.floor(serverNow / 1000);
  return `${encode({ alg: 'HS256' })}.${encode({ sub: '102', iat, exp: iat + 15 * 60 })}.sig`;
}

describe('the browser times refreshes by its own clock (access spec §4 "Session", §9)', () => {
  onFakeClock();

  it('refreshes 30 seconds before the 15 minutes run out, though its clock is 20 minutes ahead', async () => {
    const reAuthenticate = vi.fn(async () => answer(forwarderUser, serverJwt(Date.now())));
    const deps = fakeSessionDeps({ reAuthenticate, now: () => Date.now() + 20 * minute });
    const store = new SessionStore(deps);
    trackSession(store.start());
    store.signIn(answer(forwarderUser, serverJwt(Date.now())), wallet);

    await vi.advanceTimersByTimeAsync(14 * minute);
    expect(reAuthenticate).not.toHaveBeenCalled();
    expect(store.getState().expired).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(reAuthenticate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(minute);
    expect(reAuthenticate).toHaveBeenCalledTimes(1);
  });
});

describe('a call answered 401 in the app (access spec §4 "Session", §6)', () => {
  it('is made again with the renewed token for a carrier: no alert, the answer arrives', async () => {
    const renewed = fakeJwt(Date.now() + 15 * minute, 'renewed');
    let first = true;
    const backend = stubFetch({
      'GET /api/releases': () => {
        if (!first) return json({ data: [{ id: 1 }] });
        first = false;
        return failure(401, 'session_invalid');
      },
    });
    const reAuthenticate = vi.fn(async () => answer(carrierUser, renewed));
    renderApp({ path: '/settings', user: carrierUser, sessionDeps: { reAuthenticate } });

    const result = await act(() => api.service('releases').find());

    expect(result).toEqual({ data: [{ id: 1 }] });
    const calls = backend.called('GET /api/releases');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.authorization).toBe(`Bearer ${renewed}`);
    expect(screen.queryByTestId('session-expired-dialog')).toBeNull();
  });

  it('tries a carrier’s call only once more: a second 401 is the caller’s error', async () => {
    stubFetch({ 'GET /api/releases': () => failure(401, 'session_invalid') });
    const reAuthenticate = vi.fn(async () =>
      answer(carrierUser, fakeJwt(Date.now() + 15 * minute, 'renewed')),
    );
    renderApp({ path: '/settings', user: carrierUser, sessionDeps: { reAuthenticate } });
    await act(async () => {
      await expect(api.service('releases').find()).rejects.toMatchObject({ status: 401 });
    });
    expect(reAuthenticate).toHaveBeenCalledTimes(2);
  });

  it('shows a carrier the alert once the server refuses the renewal', async () => {
    stubFetch({ 'GET /api/releases': () => failure(401, 'session_invalid') });
    const reAuthenticate = vi.fn(async () => {
      throw refused();
    });
    renderApp({ path: '/settings', user: carrierUser, sessionDeps: { reAuthenticate } });
    await act(() =>
      api
        .service('releases')
        .find()
        .catch(() => undefined),
    );
    expect(await screen.findByTestId('session-expired-dialog')).toBeVisible();
  });

  it('shows anyone else the alert at once, the call not made again', async () => {
    const backend = stubFetch({ 'GET /api/releases': () => failure(401, 'session_invalid') });
    const reAuthenticate = vi.fn();
    renderApp({ path: '/settings', user: forwarderUser, sessionDeps: { reAuthenticate } });
    await act(() =>
      api
        .service('releases')
        .find()
        .catch(() => undefined),
    );
    expect(await screen.findByTestId('session-expired-dialog')).toBeVisible();
    expect(backend.called('GET /api/releases')).toHaveLength(1);
    expect(reAuthenticate).not.toHaveBeenCalled();
  });
});
