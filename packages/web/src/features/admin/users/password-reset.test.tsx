import type { AdminUserView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-backend.ts';
import { userWith } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const admin = userWith({ isAdmin: true });
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();
const colleague: AdminUserView = {
  id: 77,
  email: 'nele@example.com',
  firstName: 'Nele',
  lastName: 'Janssens',
  isAdmin: false,
  isSupport: false,
  isActive: true,
  twoFactorAuth: null,
  preferredLanguage: 'nl',
  organizationId: admin.organizationId,
  organizationName: admin.organization.name,
  organizationAddress: admin.organizationAddress,
  wallet: 'ready',
  signInAddress: '0x05e1',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('access spec §2 "Forgot password?": an admin resets a user\'s wallet password', () => {
  it("wraps the key under a new password with the admin's wallet and mails the user a sign-in link", async () => {
    const api = stubFetch({
      'GET /api/users': () => json({ total: 1, limit: 25, skip: 0, data: [colleague] }),
      'POST /wallet/unlock': () =>
        json({
          token: 'admin-wallet',
          address: '0xf0a1',
          sealingPublicKey: 'pk',
          expiresAt: inAnHour(),
        }),
      'POST /wallet/users/password': () => json({ userId: '77', userAddress: '0x0e11' }),
      'POST /wallet/lock': () => json({}),
      'POST /api/login-links': () =>
        json({ sent: true, email: colleague.email, expiresAt: inAnHour() }, 201),
    });
    const app = renderApp({ path: '/admin?section=users', user: admin });
    await app.events.click(await screen.findByTestId('user-reset-77', {}, { timeout: 15_000 }));
    const dialog = await screen.findByTestId('reset-password-dialog');
    await app.events.type(within(dialog).getByTestId('add-wallet-password'), 'new-password-9');
    await app.events.type(
      within(dialog).getByTestId('add-wallet-repeat-password'),
      'new-password-9',
    );
    await app.events.type(
      within(dialog).getByTestId('add-wallet-admin-password'),
      'my-own-password',
    );
    await app.events.click(within(dialog).getByTestId('add-wallet-submit'));

    expect(
      await within(dialog).findByText('A sign-in link was e-mailed to nele@example.com.'),
    ).toBeVisible();
    const reset = api.called('POST /wallet/users/password')[0]!;
    expect(reset.authorization).toBe('Bearer admin-wallet');
    expect(reset.body).toEqual({ userId: '77', password: 'new-password-9' });
    expect(api.called('POST /api/login-links')[0]!.body).toEqual({ userId: 77 });
    await waitFor(() => expect(api.called('POST /wallet/lock')).toHaveLength(1));
  });

  it('mails a sign-in link on its own from the users list', async () => {
    const api = stubFetch({
      'GET /api/users': () => json({ total: 1, limit: 25, skip: 0, data: [colleague] }),
      'POST /api/login-links': () =>
        json({ sent: true, email: colleague.email, expiresAt: inAnHour() }, 201),
    });
    const app = renderApp({ path: '/admin?section=users', user: admin });
    await app.events.click(
      await screen.findByTestId('user-login-link-77', {}, { timeout: 15_000 }),
    );
    expect(
      await screen.findByText('Sign-in link e-mailed. It works once, for 7 days.'),
    ).toBeVisible();
    expect(api.called('POST /api/login-links')[0]!.body).toEqual({ userId: 77 });
  });
});
