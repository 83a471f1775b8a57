import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, json, stubFetch, type Handler } from '../../test/fake-backend.ts';
import { userWith } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const page = (data: unknown[] = []) => json({ total: data.length, limit: 25, skip: 0, data });
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

const admin = userWith({ isAdmin: true });
const terminalAdmin = userWith({
  isAdmin: true,
  organizationRole: 'terminal',
  organization: { ...admin.organization, role: 'terminal' },
});
const support = userWith({ isSupport: true });

/** The lists every section asks for, empty unless a test says otherwise. */
function backend(changes: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /api/organizations': () => page(),
    'GET /api/users': () => page(),
    'GET /api/connections': () => page(),
    'GET /api/api-keys': () => page(),
    'GET /api/api-key-scopes': () => json(['releases:read', 'releases:write', 'gate:write']),
    'GET /api/terminals': () => json([]),
    ...changes,
  });
}

const navItems = async () =>
  within(await screen.findByTestId('admin-navigation'))
    .getAllByRole('button')
    .map((item) => item.textContent);

afterEach(() => vi.restoreAllMocks());

describe('admin sections per role (access spec §6)', () => {
  it('shows support every section', async () => {
    backend();
    renderApp({ path: '/admin', user: support });
    expect(await navItems()).toEqual([
      'Organisations',
      'Users',
      'Subscriptions & features',
      'Connections',
      'Terminals',
      'API keys',
      'System wallet users',
      'Webhooks',
      'Orders',
      'Support tickets',
    ]);
    expect(await screen.findByTestId('admin-section-organizations')).toBeVisible();
  });

  it('shows an organisation admin its users, connections, API keys, system wallet users and webhooks only', async () => {
    backend();
    renderApp({ path: '/admin?section=subscriptions', user: admin });
    expect(await navItems()).toEqual([
      'Users',
      'Connections',
      'API keys',
      'System wallet users',
      'Webhooks',
    ]);
    // A section the admin may not use opens as the first one it may.
    expect(await screen.findByTestId('admin-section-users')).toBeVisible();
  });

  it('adds the terminals for the admin of a terminal organisation', async () => {
    backend();
    const app = renderApp({ path: '/admin', user: terminalAdmin });
    expect(await navItems()).toEqual([
      'Users',
      'Connections',
      'Terminals',
      'API keys',
      'System wallet users',
      'Webhooks',
    ]);
    await app.events.click(screen.getByTestId('admin-nav-terminals'));
    expect(await screen.findByTestId('admin-section-terminals')).toBeVisible();
    expect(app.location()).toBe('/admin?section=terminals');
  });

  it('speaks the user’s language in every section (its own i18next namespace)', async () => {
    backend();
    renderApp({ path: '/admin', user: support, language: 'nl' });
    expect(await navItems()).toContain('Abonnementen en functies');
  });
});

describe('inviting a user (DESIGN §3: only an unlocked admin wallet adds a user)', () => {
  it('shows what is missing under each field and sends nothing', async () => {
    const api = backend();
    const app = renderApp({ path: '/admin?section=users', user: admin });
    await app.events.click(await screen.findByTestId('user-invite'));
    await app.events.type(screen.getByTestId('invite-email'), 'not-an-address');
    await app.events.type(screen.getByTestId('invite-password'), 'short');
    await app.events.click(screen.getByTestId('invite-submit'));
    const dialog = screen.getByTestId('invite-dialog');
    // Access spec §5 "Generic form messages", as every form says them.
    expect(within(dialog).getByText('Email is not valid')).toBeVisible();
    expect(within(dialog).getByText('Please provide a first name')).toBeVisible();
    expect(within(dialog).getByText('Please provide a last name')).toBeVisible();
    expect(within(dialog).getByText('Please provide your own wallet password')).toBeVisible();
    expect(within(dialog).getByText('Please enter at least 8 characters')).toBeVisible();
    expect(api.called('POST /api/users')).toHaveLength(0);
    expect(api.called('POST /wallet/unlock')).toHaveLength(0);
  });

  it('unlocks the admin’s wallet, makes the user, adds its keystore and shows the password to pass on', async () => {
    const api = backend({
      'POST /wallet/unlock': () =>
        json({
          token: 'admin-wallet',
          address: '0xf0a1',
          sealingPublicKey: 'pk',
          expiresAt: inAnHour(),
        }),
      'POST /wallet/lock': () => json({}),
      'POST /api/users': ({ body }) =>
        json(
          {
            id: 555,
            ...(body as object),
            isSupport: false,
            isActive: true,
            organizationId: admin.organizationId,
            organizationName: admin.organization.name,
            organizationAddress: admin.organizationAddress,
            wallet: 'missing',
            createdAt: new Date().toISOString(),
          },
          201,
        ),
      'POST /wallet/users': () => json({ userId: '555' }),
    });
    const app = renderApp({ path: '/admin?section=users', user: admin });
    await app.events.click(await screen.findByTestId('user-invite'));
    await app.events.type(screen.getByTestId('invite-email'), ' Nele.Janssens@Example.com ');
    await app.events.type(screen.getByTestId('invite-first-name'), 'Nele');
    await app.events.type(screen.getByTestId('invite-last-name'), 'Janssens');
    await app.events.type(screen.getByTestId('invite-password'), 'first-password-9');
    await app.events.type(screen.getByTestId('invite-repeat-password'), 'first-password-9');
    await app.events.type(screen.getByTestId('invite-admin-password'), 'my-own-password');
    await app.events.click(screen.getByTestId('invite-submit'));

    expect(await screen.findByTestId('invited-password')).toHaveTextContent('first-password-9');
    expect(api.called('POST /wallet/unlock')[0]!.body).toEqual({
      userId: String(admin.id),
      password: 'my-own-password',
    });
    expect(api.called('POST /api/users')[0]!.body).toMatchObject({
      email: 'nele.janssens@example.com',
      firstName: 'Nele',
      isAdmin: false,
      organizationId: admin.organizationId,
    });
    const added = api.called('POST /wallet/users')[0]!;
    expect(added.authorization).toBe('Bearer admin-wallet');
    expect(added.body).toEqual({ userId: '555', password: 'first-password-9', type: 'user' });
    await waitFor(() => expect(api.called('POST /wallet/lock').length).toBeGreaterThan(0));
  });

  it('shows a refused wallet password under its field and makes no user', async () => {
    const api = backend({
      'POST /wallet/unlock': () => failure(401, 'invalid_credentials', 'invalid password'),
    });
    const app = renderApp({ path: '/admin?section=users', user: admin });
    await app.events.click(await screen.findByTestId('user-invite'));
    await app.events.type(screen.getByTestId('invite-email'), 'a@b.example');
    await app.events.type(screen.getByTestId('invite-first-name'), 'A');
    await app.events.type(screen.getByTestId('invite-last-name'), 'B');
    await app.events.click(screen.getByTestId('invite-generate'));
    await app.events.type(screen.getByTestId('invite-admin-password'), 'wrong');
    await app.events.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('Your wallet did not accept this password.')).toBeVisible();
    expect(api.called('POST /api/users')).toHaveLength(0);
  });

  it('tells support the organisation’s own admin must add the wallet', async () => {
    backend();
    const app = renderApp({ path: '/admin?section=users', user: support });
    await app.events.click(await screen.findByTestId('user-invite'));
    // No organisation chosen yet: it asks for one, and says that organisation's admin adds the wallet.
    expect(await screen.findByTestId('invite-no-wallet')).toHaveTextContent(
      /Choose the organisation first.*an administrator of that organisation adds them to its wallet/,
    );
    expect(screen.queryByTestId('invite-admin-password')).toBeNull();
  });

  it('shows the server’s field problems under the fields', async () => {
    backend({
      'POST /wallet/unlock': () =>
        json({ token: 't', address: '0xf0a1', sealingPublicKey: 'pk', expiresAt: inAnHour() }),
      'POST /wallet/lock': () => json({}),
      'POST /api/users': () =>
        json(
          {
            name: 'BadRequest',
            message: 'Some fields are missing or not valid.',
            code: 400,
            data: {
              code: 'validation_failed',
              key: 'backend.error.validation_failed',
              fields: { lastName: 'validation.maxLength' },
            },
          },
          400,
        ),
    });
    const app = renderApp({ path: '/admin?section=users', user: admin });
    await app.events.click(await screen.findByTestId('user-invite'));
    await app.events.type(screen.getByTestId('invite-email'), 'a@b.example');
    await app.events.type(screen.getByTestId('invite-first-name'), 'A');
    await app.events.type(screen.getByTestId('invite-last-name'), 'B');
    await app.events.click(screen.getByTestId('invite-generate'));
    await app.events.type(screen.getByTestId('invite-admin-password'), 'mine');
    await app.events.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText('This is too long.')).toBeVisible();
    expect(await screen.findByText('Some fields are missing or not valid.')).toBeVisible();
  });
});

describe('API keys (DESIGN §3: shown once, stored hashed, revocable)', () => {
  const key = `scr_0123456789ab_${'f'.repeat(64)}`;

  it('shows a new key once, with a copy button and a clear warning, and forgets it on close', async () => {
    const api = backend({
      'POST /api/api-keys': ({ body }) =>
        json(
          {
            id: 9,
            organizationId: admin.organizationId,
            organizationName: admin.organization.name,
            name: (body as { name: string }).name,
            prefix: '0123456789ab',
            scopes: (body as { scopes: string[] }).scopes,
            createdAt: new Date().toISOString(),
            lastUsedAt: null,
            revokedAt: null,
            key,
          },
          201,
        ),
    });
    const app = renderApp({ path: '/admin?section=apiKeys', user: admin });
    await app.events.click(await screen.findByTestId('api-key-new'));
    await app.events.click(screen.getByTestId('api-key-create'));
    expect(screen.getByText('Please provide a name')).toBeVisible();
    expect(screen.getByText('Choose at least one.')).toBeVisible();
    expect(api.called('POST /api/api-keys')).toHaveLength(0);

    await app.events.type(screen.getByTestId('api-key-name'), 'TOS gateway');
    await app.events.click(await screen.findByTestId('api-key-scope-gate:write'));
    await app.events.click(screen.getByTestId('api-key-create'));

    expect(await screen.findByTestId('api-key-value')).toHaveValue(key);
    expect(screen.getByTestId('api-key-once-warning')).toHaveTextContent(
      'You will not see it again',
    );
    expect(api.called('POST /api/api-keys')[0]!.body).toEqual({
      organizationId: admin.organizationId,
      name: 'TOS gateway',
      scopes: ['gate:write'],
    });
    await app.events.click(screen.getByTestId('api-key-copy'));
    expect(await navigator.clipboard.readText()).toBe(key);

    await app.events.click(screen.getByTestId('api-key-done'));
    await waitFor(() => expect(screen.queryByTestId('api-key-shown')).toBeNull());
    expect(document.body.textContent).not.toContain(key);
  });

  it('asks before revoking a key', async () => {
    const listed = {
      id: 3,
      organizationId: admin.organizationId,
      organizationName: admin.organization.name,
      name: 'ERP',
      prefix: 'aaaaaaaaaaaa',
      scopes: ['releases:read'],
      createdAt: new Date().toISOString(),
      lastUsedAt: null,
      revokedAt: null,
    };
    const api = backend({
      'GET /api/api-keys': () => page([listed]),
      'DELETE /api/api-keys/3': () => json({ ...listed, revokedAt: new Date().toISOString() }),
    });
    const app = renderApp({ path: '/admin?section=apiKeys', user: admin });
    await app.events.click(await screen.findByTestId('api-key-revoke-3'));
    expect(screen.getByTestId('admin-confirm-dialog')).toHaveTextContent('ERP');
    expect(api.called('DELETE /api/api-keys/3')).toHaveLength(0);
    await app.events.click(screen.getByTestId('admin-confirm'));
    await waitFor(() => expect(api.called('DELETE /api/api-keys/3')).toHaveLength(1));
    expect(await screen.findByText('API key revoked.')).toBeVisible();
  });
});
