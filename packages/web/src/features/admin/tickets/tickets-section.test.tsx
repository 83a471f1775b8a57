import type { TicketView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-backend.ts';
import { userWith } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const support = userWith({ isSupport: true });
const png =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const ticket: TicketView = {
  id: 12,
  title: 'Transfer button stays grey',
  content: 'I cannot transfer SOLANR2611001.\nIt stays grey.',
  name: 'Piet Planner',
  email: 'planner@kempen.test',
  phone: null,
  company: 'Kempen Forwarding BV',
  destination: '/releases',
  status: 'open',
  createdAt: '2026-11-24T09:00:00.000Z',
  user: { id: 3, email: 'forwarder@demo.test', name: 'Ann Peeters' },
  organization: { id: 7, name: 'Kempen Forwarding BV', address: '0xabc' },
  image: { fileName: 'screen.png', contentType: 'image/png', size: 70 },
  closedAt: null,
  closedBy: null,
};

describe('administration → support tickets (issue 12 item 6: listed for support)', () => {
  it('lists open tickets, opens one with its image and closes it', async () => {
    const backend = stubFetch({
      'GET /api/tickets': () => json({ total: 1, limit: 25, skip: 0, data: [ticket] }),
      'GET /api/tickets/12': () => json(ticket),
      'GET /api/ticket-images/12': () =>
        json({ fileName: 'screen.png', contentType: 'image/png', contentBase64: png }),
      'PATCH /api/tickets/12': () =>
        json({
          ...ticket,
          status: 'closed',
          closedAt: new Date().toISOString(),
          closedBy: 'desk@scr.test',
        }),
    });
    const app = renderApp({ path: '/admin?section=tickets', user: support });
    // The admin section arrives as its own chunk: on a busy machine that takes a while.
    const row = await screen.findByTestId('tickets-table-row', {}, { timeout: 15_000 });
    expect(row).toHaveTextContent('#12');
    expect(row).toHaveTextContent('planner@kempen.test · Kempen Forwarding BV');
    expect(backend.called('GET /api/tickets')[0]!.url.searchParams.get('status')).toBe('open');

    await app.events.click(within(row).getByTestId('ticket-open-12'));
    const dialog = await screen.findByTestId('ticket-dialog');
    expect(app.location()).toBe('/admin?section=tickets&ticket=12');
    expect(within(dialog).getByTestId('ticket-content')).toHaveTextContent('It stays grey.');
    expect(dialog).toHaveTextContent('Kempen Forwarding BV (7)');
    expect(await within(dialog).findByTestId('ticket-image-preview')).toHaveAttribute(
      'src',
      `data:image/png;base64,${png}`,
    );
    await app.events.click(within(dialog).getByTestId('ticket-toggle-status'));
    await waitFor(() => expect(backend.called('PATCH /api/tickets/12')).toHaveLength(1));
    expect(backend.called('PATCH /api/tickets/12')[0]!.body).toEqual({ status: 'closed' });
  });

  it('opens the ticket an e-mail links to (?ticket=)', async () => {
    stubFetch({
      'GET /api/tickets': () => json({ total: 0, limit: 25, skip: 0, data: [] }),
      'GET /api/tickets/12': () => json({ ...ticket, image: null }),
    });
    renderApp({ path: '/admin?section=tickets&ticket=12', user: support });
    const dialog = await screen.findByTestId('ticket-dialog', {}, { timeout: 15_000 });
    expect(await within(dialog).findByText('#12 Transfer button stays grey')).toBeVisible();
  });
});
