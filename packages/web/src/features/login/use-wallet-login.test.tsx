import { QueryClient } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers.tsx';
import { createI18n } from '../../i18n/i18n.ts';
import { json, stubFetch } from '../../test/fake-backend.ts';
import { fakeSessionDeps } from '../../test/render-app.tsx';
import { SessionStore } from '../session/session-store.ts';
import { loginFailureMessageKey } from './login-failure.ts';
import { useWalletLogin } from './use-wallet-login.ts';

const i18n = createI18n({ language: 'en' });

function wrapper({ children }: { children: ReactNode }) {
  return (
    <Providers
      i18n={i18n}
      queryClient={new QueryClient()}
      session={new SessionStore(fakeSessionDeps())}
    >
      <MemoryRouter>{children}</MemoryRouter>
    </Providers>
  );
}

const user = (id: number, name: string, address: string) => ({
  id,
  email: 'ann@example.be',
  organization: { name, address, role: 'other', walletUrl: null },
});

describe('useWalletLogin (access spec §5 "Organisation not determined")', () => {
  it('names an organisation missing from the results, and asks for the e-mail again', async () => {
    const api = stubFetch({
      'GET /api/find-user': () =>
        json({
          total: 2,
          isLimitedToOrgId: false,
          data: [user(1, 'Kempen', '0xa1'), user(2, 'Delta', '0xa2')],
        }),
    });
    const { result } = renderHook(() => useWalletLogin(), { wrapper });
    act(() => result.current.setEmail('ann@example.be'));
    await act(() => result.current.submit());
    expect(result.current.step).toBe('organisation');

    act(() => result.current.setOrganisation('0xdead'));
    await act(() => result.current.submit());
    act(() => result.current.setPassword('secret'));
    await act(() => result.current.submit());

    expect(result.current.failure?.kind).toBe('organisationNotDetermined');
    expect(result.current.step).toBe('email');
    expect(result.current.email).toBe('ann@example.be');
    expect(i18n.t(loginFailureMessageKey.organisationNotDetermined)).toBe(
      "Could not determine your organization. Please sign in again using the 'Use another email address' button.",
    );
    expect(api.called('POST /wallet/unlock')).toEqual([]);
  });

  it('runs a step once however often it is submitted meanwhile', async () => {
    const api = stubFetch({
      'GET /api/find-user': () =>
        json({ total: 1, isLimitedToOrgId: false, data: [user(1, 'Kempen', '0xa1')] }),
    });
    const { result } = renderHook(() => useWalletLogin(), { wrapper });
    act(() => result.current.setEmail('ann@example.be'));
    await act(() => Promise.all([result.current.submit(), result.current.submit()]));
    expect(api.called('GET /api/find-user')).toHaveLength(1);
    expect(result.current.step).toBe('password');
  });
});
