import {
  formatTypedDate,
  nextBusinessDay,
  todayInBrussels,
  type OrderOrganization,
  type OrderView,
} from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, json, stubFetch } from '../../test/fake-backend.ts';
import { forwarderUser, userWith } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { orderNavigation } from './order-api.ts';

afterEach(() => vi.useRealTimers());

const own: OrderOrganization = {
  id: forwarderUser.organizationId,
  name: 'North Sea Forwarding',
  address: forwarderUser.organization.address,
  role: 'other',
  vat: 'BE0123456789',
  city: 'Antwerpen',
  country: 'BE',
  size: 'medium',
  premiumEndDate: null,
};
const partner: OrderOrganization = {
  ...own,
  id: 9001,
  name: 'Big Partner Logistics',
  address: '0xb16',
  vat: 'NL999',
  size: 'enterprise',
};
const page = (data: OrderOrganization[]) => ({ total: data.length, limit: 20, skip: 0, data });

/** The backend of the order page: the own organisation, a search, and the order's answer. */
function backend(orderAnswer: () => Response) {
  return stubFetch({
    'GET /api/organizations': (request) =>
      json(page(request.url.searchParams.get('field') ? [partner] : [own])),
    'POST /api/orders': orderAnswer,
  });
}

const placed = (fields: Partial<OrderView> = {}): OrderView => ({
  id: 42,
  status: 'new',
  organizations: [{ id: own.id, name: own.name, vat: own.vat, size: 'medium' }],
  flavor: 'premium',
  locations: ['BE', 'NL'],
  formula: 'single',
  monthlyFee: 98,
  invoiceFrequency: 'monthly',
  invoiceAmount: 98,
  invoiceOrganization: { id: own.id, name: own.name },
  invoiceEmail: forwarderUser.email,
  po: null,
  startDate: nextBusinessDay(todayInBrussels()),
  orderedBy: {
    userId: 101,
    email: forwarderUser.email,
    name: 'Ann Peeters',
    organizationName: own.name,
  },
  createdAt: new Date().toISOString(),
  handledAt: null,
  subscriptionIds: [],
  ...fields,
});

async function fillOrder(events: ReturnType<typeof renderApp>['events']) {
  await events.click(await screen.findByTestId('order-flavor-premium'));
  await events.click(screen.getByTestId('order-location-BE'));
  await events.click(screen.getByTestId('order-location-NL'));
  await events.click(screen.getByTestId('order-eula'));
}

describe('/order (access spec §2 "order: always reachable", §9 pricing)', () => {
  it('shows the three formulas per size, per month, and asks a visitor to sign in to order', async () => {
    renderApp({ path: '/order' });
    const table = await screen.findByTestId('order-prices');
    const rows = within(table).getAllByRole('row');
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent).join(' | ');
    expect(rows.map(cells)).toEqual([
      'Formula | Small (up to 2 users) | Medium (up to 10 users) | Enterprise (more than 10 users)',
      expect.stringMatching(
        /^Single.*€19per location \/ month \| €49per location.*€199per location/,
      ),
      expect.stringMatching(/^Global.*€49per month \| €129per month \| €499per month$/),
      expect.stringMatching(/^Multi.*€99per location.*€199per location.*€599per location/),
    ]);
    expect(screen.getByTestId('order-page')).toHaveTextContent(
      'Locations: Belgium, Netherlands, Poland, United Kingdom.',
    );
    expect(screen.getByTestId('order-sign-in')).toContainElement(
      screen.getByRole('link', { name: 'Sign in to order' }),
    );
  });

  it('stays reachable for a signed-in user whose subscription expired, with the form', async () => {
    backend(() => json(placed(), 201));
    renderApp({ path: '/order', user: userWith({ subscriptions: [] }) });
    expect(await screen.findByTestId('order-form')).toBeVisible();
    expect(screen.queryByTestId('subscription-expired-page')).toBeNull();
  });
});

describe('/order step 0 → step 1 (access spec §4 "Premium order", §5 "Order", §9)', () => {
  it('enables the order only once a flavour, a location and the EULA are given', async () => {
    backend(() => json(placed(), 201));
    const { events } = renderApp({ path: '/order', user: forwarderUser });
    const submit = await screen.findByTestId('order-submit');
    expect(submit).toBeDisabled();
    expect(screen.getByTestId('order-missing')).toHaveTextContent(
      'Still needed: Please provide a flavour · Please choose at least one location · Please accept the EULA',
    );
    expect(screen.getByTestId('order-fee')).toHaveTextContent('Choose at least one location');
    await fillOrder(events);
    expect(submit).toBeEnabled();
    await events.clear(screen.getByTestId('order-invoice-email'));
    await events.tab();
    expect(submit).toBeDisabled();
    expect(screen.getByText('Please provide an invoice e-mail address')).toBeInTheDocument();
  });

  it('computes the fee from the organisation sizes and locations; yearly invoices 12 months', async () => {
    backend(() => json(placed(), 201));
    const { events } = renderApp({ path: '/order', user: forwarderUser });
    await fillOrder(events);
    const fee = screen.getByTestId('order-fee');
    // Medium, two locations: single 98, global 129, multi 398.
    expect(within(fee).getByTestId('order-fee-monthly')).toHaveTextContent('€98 per month');
    expect(fee).toHaveTextContent('The lowest formula: Single');
    expect(fee).toHaveTextContent(
      `starts on ${formatTypedDate(nextBusinessDay(todayInBrussels()))}`,
    );
    await events.click(screen.getByTestId('order-frequency-yearly'));
    expect(within(fee).getByTestId('order-fee-invoice')).toHaveTextContent(
      'Invoiced yearly: €1,176 (12 months)',
    );
    // An enterprise partner makes multi the enterprise rate: single 98 + 398, global 129 + 499.
    await events.type(screen.getByTestId('order-organization-search'), 'Big');
    await events.click(await screen.findByTestId('order-organization-option'));
    expect(screen.getAllByTestId('order-organization')).toHaveLength(2);
    expect(within(fee).getByTestId('order-fee-monthly')).toHaveTextContent('€496 per month');
    expect(fee).toHaveTextContent('Single €496, global €628, multi €1,198 per month');
  });

  it('the own organisation cannot be removed; another can', async () => {
    backend(() => json(placed(), 201));
    const { events } = renderApp({ path: '/order', user: forwarderUser });
    await events.type(await screen.findByTestId('order-organization-search'), 'Big');
    await events.click(await screen.findByTestId('order-organization-option'));
    const [mine, theirs] = screen.getAllByTestId('order-organization');
    expect(mine!.querySelector('.MuiChip-deleteIcon')).toBeNull();
    await events.click(theirs!.querySelector('.MuiChip-deleteIcon')!);
    expect(screen.getAllByTestId('order-organization')).toHaveLength(1);
  });

  it('sends the order with the shown fee and thanks the orderer', async () => {
    const api = backend(() => json(placed(), 201));
    const { events } = renderApp({ path: '/order', user: forwarderUser });
    await fillOrder(events);
    await events.type(screen.getByTestId('order-po'), 'PO-7');
    await events.click(screen.getByTestId('order-submit'));
    expect(await screen.findByTestId('order-thanks')).toHaveTextContent(
      'Order 42: €98 per month (Single) for Belgium, Netherlands.',
    );
    expect(api.called('POST /api/orders')[0]!.body).toEqual({
      organizationIds: [own.id],
      flavor: 'premium',
      locations: ['BE', 'NL'],
      invoiceOrganizationId: own.id,
      invoiceEmail: forwarderUser.email,
      invoiceFrequency: 'monthly',
      po: 'PO-7',
      eulaAccepted: true,
      fee: 98,
    });
  });

  it('access spec §8: a 401 on submit shows the message, clears storage and reloads after 2.5 s', async () => {
    backend(() => failure(401, 'not_authenticated'));
    const reloadTo = vi.spyOn(orderNavigation, 'reloadTo').mockImplementation(() => undefined);
    const { events } = renderApp({ path: '/order', user: forwarderUser });
    await fillOrder(events);
    localStorage.setItem('scr.session', 'stale');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await events.click(screen.getByTestId('order-submit'));
    expect(await screen.findByTestId('order-session-expired')).toHaveTextContent(
      'Session expired. You are being redirected to the login page. Please log in again.',
    );
    expect(localStorage.getItem('scr.session')).toBeNull();
    expect(screen.queryByTestId('session-expired-dialog')).toBeNull();
    vi.advanceTimersByTime(2_000);
    expect(reloadTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(600);
    await waitFor(() => expect(reloadTo).toHaveBeenCalledWith('/login?fwd=%2Forder'));
  });

  it('shows a refused order’s reason (a changed fee) and keeps the form', async () => {
    backend(() => failure(409, 'order_fee_changed'));
    const { events } = renderApp({ path: '/order', user: forwarderUser });
    await fillOrder(events);
    await events.click(screen.getByTestId('order-submit'));
    expect(await screen.findByTestId('order-error')).toHaveTextContent(
      'The price of this order has changed.',
    );
    expect(screen.getByTestId('order-form')).toBeVisible();
  });
});
