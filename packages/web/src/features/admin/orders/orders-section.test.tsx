import type { OrderView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-backend.ts';
import { userWith } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const support = userWith({ isSupport: true });

const order: OrderView = {
  id: 42,
  status: 'new',
  organizations: [
    { id: 7, name: 'Kempen Forwarding BV', vat: 'BE0412345678', size: 'small' },
    { id: 8, name: 'Delta Customs NV', vat: null, size: 'enterprise' },
  ],
  flavor: 'premium',
  locations: ['BE', 'NL'],
  formula: 'multi',
  monthlyFee: 1198,
  invoiceFrequency: 'yearly',
  invoiceAmount: 14376,
  invoiceOrganization: { id: 7, name: 'Kempen Forwarding BV' },
  invoiceEmail: 'invoices@kempen.test',
  po: 'PO-9',
  startDate: '2026-12-01',
  orderedBy: {
    userId: 3,
    email: 'forwarder@demo.test',
    name: 'Ann Peeters',
    organizationName: 'Kempen Forwarding BV',
  },
  createdAt: '2026-11-24T09:00:00.000Z',
  handledAt: null,
  subscriptionIds: [],
};

describe('administration → orders (issue 12 item 5): support turns an order into subscriptions', () => {
  it('lists new orders and converts one after confirming', async () => {
    const backend = stubFetch({
      'GET /api/orders': () => json({ total: 1, limit: 25, skip: 0, data: [order] }),
      'PATCH /api/orders/42': () =>
        json({ ...order, status: 'converted', handledAt: new Date().toISOString() }),
    });
    const app = renderApp({ path: '/admin?section=orders', user: support });
    // The admin section arrives as its own chunk: on a busy machine that takes a while.
    const row = await screen.findByTestId('orders-table-row', {}, { timeout: 15_000 });
    expect(row).toHaveTextContent('#42');
    expect(row).toHaveTextContent('Delta Customs NV · enterprise');
    expect(row).toHaveTextContent('€1,198 / month (multi)');
    expect(row).toHaveTextContent('invoiced yearly: €14,376');
    expect(row).toHaveTextContent('01/12/2026');
    expect(backend.called('GET /api/orders')[0]!.url.searchParams.get('status')).toBe('new');
    await app.events.click(within(row).getByTestId('order-convert-42'));
    const dialog = await screen.findByTestId('order-handle-dialog');
    expect(dialog).toHaveTextContent(
      'SCR Premium for 2 organisation(s) from 01/12/2026 to 30/11/2027 (invoiced yearly).',
    );
    await app.events.click(within(dialog).getByTestId('order-handle'));
    await waitFor(() => expect(backend.called('PATCH /api/orders/42')).toHaveLength(1));
    expect(backend.called('PATCH /api/orders/42')[0]!.body).toEqual({ status: 'converted' });
    expect(await screen.findByText('Order turned into subscriptions.')).toBeVisible();
  });

  it('is not offered to an organisation admin', async () => {
    stubFetch({ 'GET /api/users': () => json({ total: 0, limit: 25, skip: 0, data: [] }) });
    renderApp({ path: '/admin?section=orders', user: userWith({ isAdmin: true }) });
    expect(await screen.findByTestId('admin-section-users')).toBeVisible();
    expect(screen.queryByTestId('admin-nav-orders')).toBeNull();
  });
});
