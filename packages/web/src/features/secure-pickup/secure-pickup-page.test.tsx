import type { AuditTrailEntry, SecurePickupContainerRow } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fake-backend.ts';
import { terminalUser } from '../../test/fixtures.ts';
import { asPhone } from '../../test/phone-media.ts';
import { renderApp } from '../../test/render-app.tsx';
import { afterDelay } from '../../test/waits.ts';
import { terminalSearchDebounceMs } from './use-debounced.ts';

const row = (fields: Partial<SecurePickupContainerRow> = {}): SecurePickupContainerRow => ({
  bl_number: 'BL-ANR-1',
  container_number: 'MSKU1234567',
  agent: 'Scheldt Agency',
  pickup_location: 'K913',
  pickup_location_name: 'Quay 913 Terminal',
  valid_from: '2026-11-01',
  valid_until: '2026-12-31',
  release_status: 'released',
  gate_out: null,
  release_address: '0x00000000000000000000000000000000000000a1',
  assignee_type: null,
  assignee_name: null,
  visit_number: null,
  ...fields,
});

const entry: AuditTrailEntry = {
  id: '1',
  releaseAddress: row().release_address,
  blNumber: 'BL-ANR-1',
  containerNumber: 'MSKU1234567',
  operation: 'terminalCheck',
  operationAt: '2026-11-23T09:00:00.000Z',
  source: 'apiKey',
  sourceOrganizationName: 'Quay Terminal',
  targetOrganizationName: null,
  firstName: null,
  lastName: null,
  description: {
    terminal: 'K913',
    containerNumber: 'MSKU1234567',
    identificationType: 'alfapass',
    checkedValue: '654321',
    assignedValue: '123456',
    result: 'otherIdentification',
  },
  sequence: 4,
  hash: '0xabc',
  signerAddress: '0xserver',
  verified: true,
  verifyProblem: null,
};

const page = (data: SecurePickupContainerRow[]) => ({
  total: data.length,
  limit: 25,
  skip: 0,
  data,
});

describe('access spec §2 "Secure pick-up containers (terminal)", §3 "Secure pick-up container row"', () => {
  it('lists the containers with the row of §3, the gate-out time in Brussels', async () => {
    stubFetch({
      'GET /api/terminal-user/secure-pickup-containers': () =>
        json(
          page([
            row(),
            row({
              container_number: 'TGHU7654321',
              release_status: 'gateout',
              gate_out: '2026-11-22T13:05:00.000Z',
              release_address: '0x00000000000000000000000000000000000000a2',
              assignee_type: 'driver',
              assignee_name: 'Jan Peeters',
              visit_number: 'V-2211',
            }),
          ]),
        ),
    });
    renderApp({ path: '/secure-pickup-containers', user: terminalUser });
    const rows = await screen.findAllByTestId('secure-pickup-row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'BL-ANR-1',
      'MSKU1234567',
      'Scheldt Agency',
      // The terminal by its name, its code beside it.
      'Quay 913 Terminal · K913',
      '01/11/2026',
      '31/12/2026',
      'Released',
      '—',
      '—',
      '—',
    ]);
    expect(within(rows[1]!).getByText('Picked up')).toBeVisible();
    expect(within(rows[1]!).getByText('22/11/2026 14:05')).toBeVisible();
    // Releases spec §3 "Assignment": whom the gate expects, and the visit number.
    expect(within(rows[1]!).getByTestId('secure-pickup-assignee')).toHaveTextContent(
      'Jan Peeters · Driver',
    );
    expect(within(rows[1]!).getByTestId('secure-pickup-visit')).toHaveTextContent('V-2211');
    for (const name of ['Gate-out', 'Assigned to', 'Visit number']) {
      expect(screen.getByRole('columnheader', { name })).toBeVisible();
    }
  });

  it('access spec §9 "terminal search debounce 500 ms": searches once the typing settles, not per key', async () => {
    const backend = stubFetch({
      'GET /api/terminal-user/secure-pickup-containers': (request) =>
        json(page(request.url.searchParams.get('querySearch') ? [] : [row()])),
    });
    const app = renderApp({ path: '/secure-pickup-containers', user: terminalUser });
    await screen.findAllByTestId('secure-pickup-row');
    const searches = () =>
      backend
        .called('GET /api/terminal-user/secure-pickup-containers')
        .map((r) => r.url.searchParams.get('querySearch'))
        .filter(Boolean);
    const started = Date.now();
    await app.events.type(screen.getByTestId('secure-pickup-search'), 'TGHU');
    if (Date.now() - started < terminalSearchDebounceMs - 50) expect(searches()).toEqual([]);
    await waitFor(() => expect(searches()).toEqual(['TGHU']), afterDelay(terminalSearchDebounceMs));
    expect(await screen.findByTestId('secure-pickup-no-match')).toHaveTextContent(
      'No secure pick-up container matches your search.',
    );
  });

  it('shows the audit trail of the selected container, terminal checks rendered', async () => {
    const backend = stubFetch({
      'GET /api/terminal-user/secure-pickup-containers': () => json(page([row()])),
      [`GET /api/audit-trail/${row().release_address}`]: () => json({ data: [entry] }),
    });
    const app = renderApp({ path: '/secure-pickup-containers', user: terminalUser });
    expect(await screen.findByText('Select a container to see its audit trail.')).toBeVisible();
    await app.events.click((await screen.findAllByTestId('secure-pickup-row'))[0]!);
    expect(
      await screen.findByRole('heading', { name: 'Audit trail of MSKU1234567' }),
    ).toBeVisible();
    const table = await screen.findByTestId('audit-trail-table');
    expect(within(table).getByText('Terminal check')).toBeVisible();
    expect(
      within(table).getByText(
        'Terminal check: refused (This container is assigned to another identification.)',
      ),
    ).toBeVisible();
    expect(screen.getByTestId('secure-pickup-row')).toHaveAttribute('aria-selected', 'true');
    expect(backend.called(`GET /api/audit-trail/${row().release_address}`)).toHaveLength(1);
  });

  it('access spec §2 on a phone: the containers are cards (no table to widen the page); a tap shows the trail', async () => {
    const restore = asPhone();
    try {
      stubFetch({
        'GET /api/terminal-user/secure-pickup-containers': () =>
          json(page([row({ assignee_type: 'barge', assignee_name: 'Waasland Trader' })])),
        [`GET /api/audit-trail/${row().release_address}`]: () => json({ data: [entry] }),
      });
      const app = renderApp({ path: '/secure-pickup-containers', user: terminalUser });
      const card = await screen.findByTestId('secure-pickup-card');
      expect(screen.queryByTestId('secure-pickup-table')).toBeNull();
      expect(card).toHaveTextContent('MSKU1234567');
      expect(card).toHaveTextContent('Quay 913 Terminal · K913');
      expect(card).toHaveTextContent('Waasland Trader · Barge');
      await app.events.click(within(card).getByRole('button'));
      expect(
        await screen.findByRole('heading', { name: 'Audit trail of MSKU1234567' }),
      ).toBeVisible();
      expect(within(card).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    } finally {
      restore();
    }
  });

  it('says so when the terminal has no secure pick-up container yet', async () => {
    stubFetch({ 'GET /api/terminal-user/secure-pickup-containers': () => json(page([])) });
    renderApp({ path: '/secure-pickup-containers', user: terminalUser, language: 'fr' });
    expect(await screen.findByTestId('secure-pickup-empty')).toBeVisible();
  });
});
