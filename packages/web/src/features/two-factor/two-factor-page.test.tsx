import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, json, stubFetch } from '../../test/fake-backend.ts';
import { fakeJwt, forwarderUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { sessionStorageKey, walletStorageKey } from '../session/session-storage.ts';

const unlockedWallet = () =>
  sessionStorage.setItem(
    walletStorageKey,
    JSON.stringify({
      id: 101,
      email: forwarderUser.email,
      type: 'company',
      url: 'http://localhost:3000/wallet',
      address: '0xf0a1',
      token: 'wallet-token',
      expiresAt: new Date(Date.now() + 1_800_000).toISOString(),
    }),
  );

const twoFactorUser = { ...forwarderUser, twoFactorAuth: 'email' as const };

describe('two-factor e-mail screen (access spec §2, §4 "Two-factor", §8)', () => {
  it('sends the code on arrival and says so', async () => {
    const backend = stubFetch({ 'GET /api/two-factor/auth/email': () => json({ sent: true }) });
    renderApp({ path: '/two-factor', user: twoFactorUser, twoFactorPending: true });
    expect(await screen.findByTestId('snackbar')).toHaveTextContent(
      'Verification code sent successfully',
    );
    expect(backend.called('GET /api/two-factor/auth/email')).toHaveLength(1);
    expect(backend.requests[0]?.authorization).toMatch(/^Bearer /);
  });

  it('shows only the home link in the top bar, no user menu, and signing out on the form (issue 15)', async () => {
    stubFetch({
      'GET /api/two-factor/auth/email': () => json({ sent: true }),
      'DELETE /api/authentication': () => json({}),
    });
    const app = renderApp({ path: '/two-factor', user: twoFactorUser, twoFactorPending: true });
    await screen.findByTestId('two-factor-page');
    expect(screen.queryByTestId('main-navigation')).toBeNull();
    expect(screen.getByRole('link', { name: 'Secure Container Release, home' })).toBeVisible();
    expect(screen.queryByTestId('profile-menu-button')).toBeNull();
    await app.events.click(screen.getByTestId('two-factor-logout'));
    await waitFor(() => expect(app.session.getState().status).toBe('signedOut'));
  });

  it('validates the 6-digit code for the full token and continues to fwd', async () => {
    unlockedWallet();
    const full = fakeJwt(Date.now() + 900_000, 'full');
    const backend = stubFetch({
      'GET /api/two-factor/auth/email': () => json({ sent: true }),
      'POST /api/two-factor/auth/email/validate': () =>
        json({ twoFactorAuthEmailValidated: true, user: twoFactorUser, token: full }),
    });
    const app = renderApp({
      path: '/two-factor?fwd=%2Freleases%3Fpage%3D2',
      user: twoFactorUser,
      twoFactorPending: true,
    });
    const input = await screen.findByTestId('two-factor-code');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    const submit = screen.getByTestId('two-factor-submit');
    await app.events.type(input, '12a34');
    expect(input).toHaveValue('1234');
    expect(submit).toBeDisabled();
    await app.events.type(input, '56{Enter}');

    await waitFor(() => expect(app.location()).toBe('/releases?page=2'));
    expect(backend.called('POST /api/two-factor/auth/email/validate')[0]?.body).toEqual({
      code: '123456',
    });
    expect(JSON.parse(localStorage.getItem(sessionStorageKey) ?? '{}')).toMatchObject({
      accessToken: full,
      twoFactorPending: false,
    });
    expect(app.deps.connectRealtime).toHaveBeenCalledWith(full, expect.any(Function));
  });

  it('shows a wrong code under the field (issue 15) and stays', async () => {
    unlockedWallet();
    stubFetch({
      'GET /api/two-factor/auth/email': () => json({ sent: true }),
      'POST /api/two-factor/auth/email/validate': () => failure(400, 'validation_failed'),
    });
    const app = renderApp({ path: '/two-factor', user: twoFactorUser, twoFactorPending: true });
    const input = await screen.findByTestId('two-factor-code');
    await app.events.type(input, '000000{Enter}');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input.closest('.MuiFormControl-root')).toHaveTextContent(
      'This code is not valid. Check the latest e-mail or send a new code.',
    );
    expect(app.location()).toBe('/two-factor');
    // Typing again clears the message.
    await app.events.type(input, '{Backspace}');
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('resends the code on request, and shows a refusal in a snackbar', async () => {
    let calls = 0;
    stubFetch({
      'GET /api/two-factor/auth/email': () =>
        ++calls === 1 ? json({ sent: true }) : failure(429, 'too_many_requests'),
    });
    const app = renderApp({ path: '/two-factor', user: twoFactorUser, twoFactorPending: true });
    await screen.findByText('Verification code sent successfully');
    await app.events.click(screen.getByTestId('two-factor-resend'));
    expect(
      await screen.findByText('Too many attempts. Please wait a moment and try again.'),
    ).toBeVisible();
    expect(calls).toBe(2);
  });

  it('logs out when the wallet session is gone by the time the code is validated', async () => {
    stubFetch({
      'GET /api/two-factor/auth/email': () => json({ sent: true }),
      'POST /api/two-factor/auth/email/validate': () =>
        json({
          twoFactorAuthEmailValidated: true,
          user: twoFactorUser,
          token: fakeJwt(Date.now() + 900_000),
        }),
    });
    const app = renderApp({ path: '/two-factor', user: twoFactorUser, twoFactorPending: true });
    await app.events.type(await screen.findByTestId('two-factor-code'), '123456{Enter}');
    expect(await screen.findByTestId('logged-out-page')).toBeVisible();
    expect(app.session.getState().status).toBe('signedOut');
  });

  it('sends someone who has no code pending on to fwd', async () => {
    const app = renderApp({ path: '/two-factor?fwd=%2Freleases', user: forwarderUser });
    await screen.findByTestId('releases-page');
    expect(app.location()).toBe('/releases');
  });
});
