import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fake-backend.ts';
import { carrierUser, fakeJwt } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const token = 'k'.repeat(40) + '_-1';
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const linkUser = {
  id: 7,
  email: 'ops@oceanline.example',
  organization: { name: 'Oceanline Shipping', address: '0xc0a2', role: 'carrier', walletUrl: null },
};

function backend(users: unknown[] = [linkUser]) {
  return stubFetch({
    'GET /api/find-user': () => json({ total: users.length, isLimitedToOrgId: true, data: users }),
    'POST /wallet/unlock': () =>
      json({
        token: 'wt',
        address: '0xc0a2',
        userAddress: '0x05e1',
        sealingPublicKey: 'pk',
        expiresAt: inAnHour(),
      }),
    'POST /api/authentication-challenges': () =>
      json({ message: 'sign in', nonce: 'n1', expiresAt: inAnHour() }),
    'POST /wallet/sign': () => json({ signature: '0x5167' }),
    'POST /api/authentication': () =>
      json({ accessToken: fakeJwt(Date.now() + 900_000), user: carrierUser }),
  });
}

describe('access spec §4 "Login flow": a login link in the URL hash', () => {
  it('looks the user up by the token, chooses the organisation and asks only the password', async () => {
    const api = backend();
    const app = renderApp({ path: `/login#token=${token}` });

    await waitFor(() =>
      expect(screen.getByTestId('login-form')).toHaveAttribute('data-step', 'password'),
    );
    const lookups = api.called('GET /api/find-user');
    expect(lookups).toHaveLength(1);
    // Issue 9 §3: by the single-use token, never by an id or e-mail.
    expect(Object.fromEntries(lookups[0]!.url.searchParams)).toEqual({ token });
    expect(screen.getByTestId('login-email')).toHaveValue('ops@oceanline.example');
    // The token leaves the address at once: a reload must not spend it again.
    expect(app.router.state.location.hash).toBe('');

    await app.events.type(screen.getByTestId('login-password'), 'secret{Enter}');
    expect(await screen.findByTestId('releases-page')).toBeVisible();
    expect(api.called('GET /api/find-user')).toHaveLength(1);
  });

  it('says so when the link was used or has expired, and asks for the e-mail', async () => {
    backend([]);
    renderApp({ path: `/login#token=${token}` });
    expect(await screen.findByTestId('login-error')).toHaveAttribute(
      'data-kind',
      'loginLinkInvalid',
    );
    expect(screen.getByTestId('login-error')).toHaveTextContent('already used or has expired');
    expect(screen.getByTestId('login-form')).toHaveAttribute('data-step', 'email');
  });

  it('ignores a hash that carries no well-formed token', async () => {
    const api = backend();
    renderApp({ path: '/login#id=7' });
    expect(await screen.findByTestId('login-email')).toBeVisible();
    expect(api.called('GET /api/find-user')).toHaveLength(0);
  });
});
