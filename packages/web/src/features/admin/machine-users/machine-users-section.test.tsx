import type { ApiKeyView, MachineWalletUserView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-backend.ts';
import { userWith } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const admin = userWith({ isAdmin: true });
const page = <T,>(data: T[]) => ({ total: data.length, limit: 25, skip: 0, data });
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const key = (id: number, name: string, scopes: ApiKeyView['scopes']): ApiKeyView => ({
  id,
  organizationId: admin.organizationId,
  organizationName: admin.organization.name,
  name,
  prefix: `0000000000${id}`.slice(-12),
  scopes,
  createdAt: '2026-11-20T09:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
});
const erpKey = key(11, 'ERP gateway', ['releases:read', 'custody:write']);
const readOnlyKey = key(12, 'Reporting', ['releases:read']);
const tmsKey = key(13, 'TMS', ['custody:write']);

const machine: MachineWalletUserView = {
  id: 4,
  organizationId: admin.organizationId,
  organizationName: admin.organization.name,
  name: 'TMS',
  walletUserId: 'machine-4',
  apiKeyId: tmsKey.id,
  apiKeyName: tmsKey.name,
  apiKeyPrefix: tmsKey.prefix,
  createdAt: '2026-11-21T09:00:00.000Z',
  createdByName: 'An Peeters',
  lastUnlockedAt: '2026-11-24T08:00:00.000Z',
  revokedAt: null,
  revokedByName: null,
};

describe('administration → system wallet users (README "The API for systems")', () => {
  it('lists them and makes one with the admin’s own wallet, its secret shown once with copy buttons', async () => {
    const secret = `scrw_${'s'.repeat(43)}`;
    const backend = stubFetch({
      'GET /api/machine-wallet-users': () => json(page([machine])),
      'GET /api/api-keys': () => json(page([erpKey, readOnlyKey, tmsKey])),
      'POST /wallet/unlock': () =>
        json({
          token: 'admin-wallet',
          address: admin.organizationAddress,
          userAddress: '0x05e1',
          sealingPublicKey: 'pk',
          expiresAt: inAnHour(),
        }),
      'POST /wallet/lock': () => json({}),
      'POST /api/machine-wallet-users': () =>
        json(
          {
            ...machine,
            id: 5,
            name: 'ERP',
            walletUserId: 'machine-5',
            apiKeyId: erpKey.id,
            apiKeyName: erpKey.name,
            apiKeyPrefix: erpKey.prefix,
            lastUnlockedAt: null,
            secret,
          },
          201,
        ),
    });
    const app = renderApp({ path: '/admin?section=machineUsers', user: admin });
    const row = await screen.findByTestId('machine-users-table-row', {}, { timeout: 15_000 });
    expect(row).toHaveTextContent('machine-4');
    expect(row).toHaveTextContent(`TMS (scr_${tmsKey.prefix}_…)`);
    expect(row).toHaveTextContent('by An Peeters');

    await app.events.click(screen.getByTestId('machine-user-new'));
    const dialog = await screen.findByTestId('machine-user-dialog');
    await app.events.click(within(dialog).getByTestId('machine-user-create'));
    expect(dialog).toHaveTextContent('Please fill this in.');
    expect(backend.called('POST /api/machine-wallet-users')).toHaveLength(0);

    await app.events.type(within(dialog).getByTestId('machine-user-name'), 'ERP');
    await app.events.click(within(dialog).getByRole('combobox'));
    // The domain rule the server applies: no custody:write, or a wallet user already, disables.
    const options = await screen.findByRole('listbox');
    expect(within(options).getByTestId('machine-user-key-12')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(options).getByTestId('machine-user-key-12')).toHaveTextContent(
      'This key lacks custody:write.',
    );
    expect(within(options).getByTestId('machine-user-key-13')).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await app.events.click(within(options).getByTestId('machine-user-key-11'));
    await app.events.type(within(dialog).getByTestId('machine-user-admin-password'), 'own-pw-1');
    await app.events.click(within(dialog).getByTestId('machine-user-create'));

    const shown = await screen.findByTestId('machine-user-shown');
    expect(within(shown).getByTestId('machine-user-secret-value')).toHaveValue(secret);
    expect(within(shown).getByTestId('machine-user-id-value')).toHaveValue('machine-5');
    expect(within(shown).getByTestId('machine-user-wallet-url-value')).toHaveValue(
      `${window.location.origin}/wallet`,
    );
    expect(within(shown).getByTestId('machine-user-secret-copy')).toBeVisible();
    expect(within(shown).getByTestId('machine-user-once-warning')).toHaveTextContent(
      'You will not see it again',
    );
    const unlock = backend.called('POST /wallet/unlock')[0]!;
    expect(unlock.body).toEqual({ userId: String(admin.id), password: 'own-pw-1' });
    const sent = backend.called('POST /api/machine-wallet-users')[0]!;
    expect(sent.body).toEqual({ name: 'ERP', apiKeyId: 11, walletToken: 'admin-wallet' });
    await waitFor(() => expect(backend.called('POST /wallet/lock')).toHaveLength(1));
    await app.events.click(within(shown).getByTestId('machine-user-done'));
    await waitFor(() => expect(screen.queryByTestId('machine-user-shown')).toBeNull());
  }, 40_000);

  it('asks before revoking one, then revokes it', async () => {
    const backend = stubFetch({
      'GET /api/machine-wallet-users': () => json(page([machine])),
      'DELETE /api/machine-wallet-users/4': () =>
        json({ ...machine, revokedAt: '2026-11-24T10:00:00.000Z', revokedByName: 'An Peeters' }),
    });
    const app = renderApp({ path: '/admin?section=machineUsers', user: admin });
    await app.events.click(
      await screen.findByTestId('machine-user-revoke-4', {}, { timeout: 15_000 }),
    );
    const confirm = await screen.findByTestId('admin-confirm-dialog');
    expect(confirm).toHaveTextContent('TMS can no longer unlock the wallet');
    await app.events.click(screen.getByTestId('admin-confirm'));
    await waitFor(() =>
      expect(backend.called('DELETE /api/machine-wallet-users/4')).toHaveLength(1),
    );
  });

  it('shows a refused wallet password under its field, and makes nothing', async () => {
    const backend = stubFetch({
      'GET /api/machine-wallet-users': () => json(page([])),
      'GET /api/api-keys': () => json(page([erpKey])),
      'POST /wallet/unlock': () =>
        json(
          {
            name: 'WalletError',
            message: 'Invalid credentials.',
            code: 401,
            data: { code: 'invalid_credentials', key: 'backend.error.invalid_credentials' },
          },
          401,
        ),
    });
    const app = renderApp({ path: '/admin?section=machineUsers', user: admin });
    await app.events.click(await screen.findByTestId('machine-user-new', {}, { timeout: 15_000 }));
    const dialog = await screen.findByTestId('machine-user-dialog');
    await app.events.type(within(dialog).getByTestId('machine-user-name'), 'ERP');
    await app.events.click(within(dialog).getByRole('combobox'));
    await app.events.click(await screen.findByTestId('machine-user-key-11'));
    await app.events.type(within(dialog).getByTestId('machine-user-admin-password'), 'wrong');
    await app.events.click(within(dialog).getByTestId('machine-user-create'));
    expect(
      await within(dialog).findByText('Your wallet did not accept this password.'),
    ).toBeVisible();
    expect(backend.called('POST /api/machine-wallet-users')).toHaveLength(0);
  });

  it('tells the admin of an organisation on its own wallet to add its systems there', async () => {
    stubFetch({ 'GET /api/machine-wallet-users': () => json(page([])) });
    const onPremise = userWith({
      isAdmin: true,
      organization: { ...admin.organization, walletUrl: 'https://wallet.example.test' },
    });
    renderApp({ path: '/admin?section=machineUsers', user: onPremise });
    expect(
      await screen.findByTestId('machine-users-own-wallet', {}, { timeout: 15_000 }),
    ).toHaveTextContent('npm run wallet -- init');
    expect(screen.queryByTestId('machine-user-new')).toBeNull();
  });
});
