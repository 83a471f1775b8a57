import { screen, waitFor, within } from '@testing-library/react';
import type { OrganizationView } from '@scr/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-backend.ts';
import { userWith } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const organization = (changes: Partial<OrganizationView>): OrganizationView => ({
  id: 41,
  name: 'Scheldt Ocean Line NV',
  address: '0x5c4e',
  role: 'carrier',
  access: 'full',
  vat: null,
  streetNbr: null,
  postalCode: null,
  city: null,
  country: 'BE',
  walletUrl: null,
  sealingPublicKey: null,
  invitedByMsc: false,
  isConnectedtoCpoint: false,
  securePickupEnabled: false,
  userCount: 1,
  createdAt: '2030-01-01T08:00:00.000Z',
  ...changes,
});

afterEach(() => vi.restoreAllMocks());

describe('releases spec §6 "Secure Pick-up per terminal and per carrier": support enables a carrier', () => {
  it('offers the switch for a carrier and sends it with the organisation’s patch', async () => {
    const carrier = organization({});
    const forwarder = organization({ id: 42, name: 'Kempen Forwarding BV', role: 'other' });
    const api = stubFetch({
      'GET /api/organizations': () =>
        json({ total: 2, limit: 25, skip: 0, data: [carrier, forwarder] }),
      'PATCH /api/organizations/41': ({ body }) => json({ ...carrier, ...(body as object) }),
    });
    const app = renderApp({
      path: '/admin?section=organizations',
      user: userWith({ isSupport: true }),
    });

    // A forwarder is no carrier: no switch.
    await app.events.click(await screen.findByTestId('organization-edit-42'));
    const other = await screen.findByTestId('organization-edit-dialog');
    expect(within(other).queryByTestId('organization-securePickupEnabled')).toBeNull();
    await app.events.click(within(other).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('organization-edit-dialog')).toBeNull());

    await app.events.click(screen.getByTestId('organization-edit-41'));
    const dialog = await screen.findByTestId('organization-edit-dialog');
    const toggle = within(dialog).getByTestId('organization-securePickupEnabled');
    expect(toggle).toHaveTextContent('Secure Pick-up enabled for this carrier');
    await app.events.click(within(toggle).getByRole('checkbox'));
    await app.events.click(within(dialog).getByTestId('organization-save'));
    await waitFor(() => expect(api.called('PATCH /api/organizations/41')).toHaveLength(1));
    expect(api.called('PATCH /api/organizations/41')[0]!.body).toMatchObject({
      securePickupEnabled: true,
    });
  }, 20_000);
});
