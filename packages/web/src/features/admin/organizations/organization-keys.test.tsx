import type { OrganizationView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-backend.ts';
import { userWith } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const registered = `0x${'ab'.repeat(20)}`;
const printed = `0x${'cd'.repeat(20)}`;
const organization = (changes: Partial<OrganizationView>): OrganizationView => ({
  id: 51,
  name: 'Kempen Forwarding BV',
  address: registered,
  role: 'other',
  access: 'full',
  vat: null,
  streetNbr: null,
  postalCode: null,
  city: null,
  country: 'BE',
  walletUrl: 'https://wallet.kempen.test',
  sealingPublicKey: 'c2VhbGluZy1rZXktb2YtdGhlLW9yZ2FuaXNhdGlvbi1hYmM=',
  invitedByMsc: false,
  isConnectedtoCpoint: false,
  securePickupEnabled: false,
  userCount: 1,
  createdAt: '2030-01-01T08:00:00.000Z',
  ...changes,
});

describe('README "The standalone ID wallet": support registers the keys a wallet printed', () => {
  it('edits the address and sealing key of an organisation on its own wallet, and shows the server’s refusal under the address', async () => {
    const onPremise = organization({});
    const cloud = organization({ id: 52, name: 'Cloud Haulage NV', walletUrl: null });
    const api = stubFetch({
      'GET /api/organizations': () =>
        json({ total: 2, limit: 25, skip: 0, data: [onPremise, cloud] }),
      'PATCH /api/organizations/51': () =>
        json(
          {
            name: 'BadRequest',
            message: 'history',
            code: 400,
            data: {
              code: 'validation_failed',
              key: 'backend.error.validation_failed',
              fields: { address: 'validation.keysInUse' },
            },
          },
          400,
        ),
    });
    const app = renderApp({
      path: '/admin?section=organizations',
      user: userWith({ isSupport: true }),
    });
    // The cloud wallet makes its organisations' keys: no fields for them.
    await app.events.click(
      await screen.findByTestId('organization-edit-52', {}, { timeout: 15_000 }),
    );
    const cloudDialog = await screen.findByTestId('organization-edit-dialog');
    expect(within(cloudDialog).queryByTestId('organization-key-address')).toBeNull();
    await app.events.click(within(cloudDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('organization-edit-dialog')).toBeNull());

    await app.events.click(screen.getByTestId('organization-edit-51'));
    const dialog = await screen.findByTestId('organization-edit-dialog');
    const address = within(dialog).getByTestId('organization-key-address');
    expect(address).toHaveValue(registered);
    await app.events.clear(address);
    await app.events.type(address, '0x12');
    await app.events.click(within(dialog).getByTestId('organization-save'));
    expect(dialog).toHaveTextContent('An address is 0x followed by 40 hexadecimal characters.');
    expect(api.called('PATCH /api/organizations/51')).toHaveLength(0);

    await app.events.clear(address);
    await app.events.type(address, printed);
    await app.events.click(within(dialog).getByTestId('organization-save'));
    await waitFor(() => expect(api.called('PATCH /api/organizations/51')).toHaveLength(1));
    expect(api.called('PATCH /api/organizations/51')[0]!.body).toMatchObject({
      walletUrl: 'https://wallet.kempen.test',
      address: printed,
      sealingPublicKey: onPremise.sealingPublicKey,
    });
    expect(
      await within(dialog).findByText(
        "This organisation's key already has releases: its history would no longer verify with another key.",
      ),
    ).toBeVisible();
  }, 40_000);
});
