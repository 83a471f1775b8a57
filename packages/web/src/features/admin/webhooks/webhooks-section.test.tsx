import type { WebhookDeliveryView, WebhookEndpointView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fake-backend.ts';
import { userWith } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const admin = userWith({ isAdmin: true });
const page = <T,>(data: T[]) => ({ total: data.length, limit: 25, skip: 0, data });

const endpoint: WebhookEndpointView = {
  id: 5,
  organizationId: admin.organizationId,
  url: 'https://tms.kempen.test/hooks',
  description: 'TMS',
  eventTypes: ['received', 'revoked'],
  active: true,
  createdAt: '2026-11-24T09:00:00.000Z',
  secretHint: 'x9Qz',
  previousSecretValidUntil: null,
  state: 'active',
  pausedAt: null,
  lastError: null,
  waiting: 0,
};

const delivery: WebhookDeliveryView = {
  id: 77,
  endpointId: 5,
  eventId: '0xabc',
  eventType: 'received',
  operation: 'transfer',
  releaseAddress: '0x1',
  blNumber: 'SOLANR2611001',
  containerNumber: 'SOLU1234565',
  status: 'failed',
  attempts: 10,
  lastStatusCode: 503,
  lastError: 'HTTP 503',
  lastAttemptAt: '2026-11-24T10:00:00.000Z',
  deliveredAt: null,
  createdAt: '2026-11-24T09:30:00.000Z',
  redeliveryOf: null,
};

describe('administration → webhooks (issue 14 item 5)', () => {
  it('registers an endpoint, shows its secret once, and redelivers from the delivery log', async () => {
    const backend = stubFetch({
      'GET /api/webhook-endpoints': () => json(page([endpoint])),
      'POST /api/webhook-endpoints': () =>
        json({ ...endpoint, id: 6, secret: 'whsec_secretvalue' }, 201),
      'GET /api/webhook-deliveries': () => json(page([delivery])),
      'POST /api/webhook-redeliveries': () =>
        json({ ...delivery, id: 78, status: 'pending', redeliveryOf: 77 }, 201),
    });
    const app = renderApp({ path: '/admin?section=webhooks', user: admin });
    const row = await screen.findByTestId('webhooks-table-row', {}, { timeout: 15_000 });
    expect(row).toHaveTextContent('https://tms.kempen.test/hooks');
    expect(row).toHaveTextContent('whsec_…x9Qz');
    expect(row).toHaveTextContent('Received (created or transferred)');

    await app.events.click(screen.getByTestId('webhook-new'));
    const dialog = await screen.findByTestId('webhook-dialog');
    const url = within(dialog).getByTestId('webhook-url');
    await app.events.clear(url);
    await app.events.type(url, 'http://tms.kempen.test/hooks');
    await app.events.click(within(dialog).getByTestId('webhook-save'));
    expect(dialog).toHaveTextContent('The URL must start with https://');
    expect(backend.called('POST /api/webhook-endpoints')).toHaveLength(0);
    await app.events.clear(url);
    await app.events.type(url, 'https://erp.kempen.test/hooks');
    await app.events.click(within(dialog).getByTestId('webhook-type-gateOut'));
    await app.events.click(within(dialog).getByTestId('webhook-save'));
    const shown = await screen.findByTestId('webhook-secret');
    expect(within(shown).getByTestId('webhook-secret-value')).toHaveValue('whsec_secretvalue');
    const sent = backend.called('POST /api/webhook-endpoints')[0]!.body as {
      url: string;
      eventTypes: string[];
    };
    expect(sent.url).toBe('https://erp.kempen.test/hooks');
    expect(sent.eventTypes).not.toContain('gateOut');
    expect(sent.eventTypes).toContain('greenLight');
    await app.events.click(within(shown).getByTestId('webhook-secret-done'));

    await app.events.click(within(row).getByTestId('webhook-log-5'));
    const log = await screen.findByTestId('webhook-deliveries-row');
    expect(log).toHaveTextContent('SOLU1234565 · SOLANR2611001');
    expect(log).toHaveTextContent('Given up');
    expect(log).toHaveTextContent('10 · HTTP 503');
    expect(
      backend.called('GET /api/webhook-deliveries')[0]!.url.searchParams.get('endpointId'),
    ).toBe('5');
    await app.events.click(within(log).getByTestId('webhook-redeliver-77'));
    await waitFor(() => expect(backend.called('POST /api/webhook-redeliveries')).toHaveLength(1));
    expect(backend.called('POST /api/webhook-redeliveries')[0]!.body).toEqual({ deliveryId: 77 });
  });

  it('shows a paused endpoint, since when and why, says what happens to its events, and resumes it (issue 42 item 6)', async () => {
    const paused: WebhookEndpointView = {
      ...endpoint,
      state: 'paused',
      pausedAt: '2026-11-24T10:15:00.000Z',
      lastError: 'HTTP 503',
      waiting: 12,
    };
    const waiting: WebhookDeliveryView = { ...delivery, status: 'pending', attempts: 6 };
    const expired: WebhookDeliveryView = { ...delivery, id: 76, status: 'expired' };
    let resumed = false;
    const backend = stubFetch({
      'GET /api/webhook-endpoints': () =>
        json(page([resumed ? { ...paused, state: 'active', pausedAt: null } : paused])),
      'PATCH /api/webhook-endpoints/5': () => {
        resumed = true;
        return json({ ...paused, state: 'active', pausedAt: null });
      },
      'GET /api/webhook-deliveries': () => json(page([waiting, expired])),
    });
    const app = renderApp({ path: '/admin?section=webhooks', user: admin });
    const rule = await screen.findByTestId('webhook-held-rule', {}, { timeout: 15_000 });
    expect(rule).toHaveTextContent('wait here for up to 7 days');
    expect(rule).toHaveTextContent('after 5 failed tries in a row over at least 10 minutes');
    const state = await screen.findByTestId('webhook-state-5');
    expect(state).toHaveTextContent('Paused since 24/11/2026 11:15');
    expect(state).toHaveTextContent('Last error: HTTP 503');
    expect(state).toHaveTextContent('12 waiting');

    await app.events.click(screen.getByTestId('webhook-log-5'));
    const held = await screen.findByTestId('webhook-log-held');
    expect(held).toHaveTextContent('Paused since 24/11/2026 11:15 because it kept failing');
    const rows = await screen.findAllByTestId('webhook-deliveries-row');
    expect(rows[0]).toHaveTextContent('Waiting');
    expect(rows[1]).toHaveTextContent('Dropped (not sent within 7 days)');

    await app.events.click(within(held).getByTestId('webhook-log-resume'));
    await waitFor(() => expect(backend.called('PATCH /api/webhook-endpoints/5')).toHaveLength(1));
    expect(backend.called('PATCH /api/webhook-endpoints/5')[0]!.body).toEqual({ resume: true });
    await waitFor(() => expect(screen.queryByTestId('webhook-log-held')).toBeNull());
    expect(screen.getByTestId('webhook-state-5')).toHaveTextContent('Delivering');
  });

  it.each(['en', 'fr', 'nl', 'de', 'it'] as const)(
    'names the columns with titles, not messages (%s): the registration time under its own title',
    async (language) => {
      stubFetch({ 'GET /api/webhook-endpoints': () => json(page([endpoint])) });
      renderApp({ path: '/admin?section=webhooks', user: admin, language });
      await screen.findByTestId('webhooks-table-row', {}, { timeout: 15_000 });
      const titles = screen.getAllByRole('columnheader').map((cell) => cell.textContent ?? '');
      const registered = { en: 'Registered', fr: 'Enregistré le', nl: 'Geregistreerd op' };
      if (language in registered) {
        expect(titles).toContain(registered[language as keyof typeof registered]);
      }
      // A message ends with a full stop; a column title does not.
      expect(titles.filter((title) => title.trim().endsWith('.'))).toEqual([]);
    },
  );

  it('rotates the secret, saying the old one signs beside it for a day, and shows until when', async () => {
    let rotated = false;
    const after = {
      ...endpoint,
      secretHint: 'Nw42',
      previousSecretValidUntil: '2026-11-25T10:00:00.000Z',
    };
    const backend = stubFetch({
      'GET /api/webhook-endpoints': () => json(page([rotated ? after : endpoint])),
      'PATCH /api/webhook-endpoints/5': () => {
        rotated = true;
        return json({ ...after, secret: 'whsec_newsecret' });
      },
      'GET /api/webhook-deliveries': () => json(page([])),
    });
    const app = renderApp({ path: '/admin?section=webhooks', user: admin });
    const row = await screen.findByTestId('webhooks-table-row', {}, { timeout: 15_000 });
    expect(row).not.toHaveTextContent('The old secret');
    await app.events.click(within(row).getByTestId('webhook-rotate-5'));
    const confirm = await screen.findByTestId('admin-confirm-dialog');
    expect(confirm).toHaveTextContent('with the old one beside it for 24 hours');
    await app.events.click(screen.getByTestId('admin-confirm'));
    await waitFor(() => expect(backend.called('PATCH /api/webhook-endpoints/5')).toHaveLength(1));
    expect(backend.called('PATCH /api/webhook-endpoints/5')[0]!.body).toEqual({
      rotateSecret: true,
    });
    await app.events.click(await screen.findByText('I have copied it'));
    await waitFor(() =>
      expect(screen.getByTestId('webhooks-table-row')).toHaveTextContent(
        'The old secret also signs until 25/11/2026 11:00.',
      ),
    );
  });
});
