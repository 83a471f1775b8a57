import type { DocumentView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fake-backend.ts';
import { forwarderUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { documentOf } from './document-fixtures.ts';

const field = (id: string) => document.getElementById(`document_${id}`) as HTMLInputElement;
const page = (data: DocumentView[]) => json({ total: data.length, limit: 25, skip: 0, data });

/** A new transport order's form, with the server answering a save as document 12. */
async function newTransportOrder(language: 'en' | 'fr' = 'en') {
  const backend = stubFetch({
    'GET /api/documents': () => page([]),
    'POST /api/documents': (request) =>
      json(
        documentOf({ id: 12, body: (request.body as { body: DocumentView['body'] }).body }),
        201,
      ),
    'GET /api/documents/12': () =>
      json(documentOf({ id: 12, body: { ...documentOf().body, eta: '2026-12-31' } })),
  });
  const app = renderApp({ path: '/documents', user: forwarderUser, language });
  await app.events.click(await screen.findByTestId('document-new'));
  await app.events.click(screen.getByTestId('document-new-transport-order'));
  await screen.findByTestId('document-save');
  return { app, backend };
}

describe('access spec §2 "view/edit screens": the transport order as the portal lays out forms', () => {
  it('DESIGN §5: types the ETA as DD/MM/YYYY in the portal’s date field and sends it YYYY-MM-DD', async () => {
    const { app, backend } = await newTransportOrder();
    const eta = field('eta');
    // Not the browser's date input, which would follow its locale (mm/dd/yyyy).
    expect(eta.type).toBe('text');
    expect(eta).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    expect(eta).toHaveAttribute('inputmode', 'numeric');
    await app.events.type(field('reference'), 'TO-12');
    await app.events.type(field('blNumber'), 'SOLANR2611001');
    await app.events.click(screen.getByLabelText('Import'));

    await app.events.type(eta, '31/02/2026');
    await app.events.click(screen.getByTestId('document-save'));
    expect(
      await screen.findByText('ETA is not a valid date: type it as DD/MM/YYYY'),
    ).toBeInTheDocument();
    expect(backend.called('POST /api/documents')).toHaveLength(0);

    await app.events.clear(eta);
    await app.events.type(eta, '31/12/2026');
    expect(eta).toHaveValue('31/12/2026');
    await app.events.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(backend.called('POST /api/documents')).toHaveLength(1));
    expect(backend.called('POST /api/documents')[0]!.body).toMatchObject({
      body: { reference: 'TO-12', eta: '2026-12-31' },
    });
    // The saved document comes back with its date, shown as typed.
    await waitFor(() => expect(app.location()).toBe('/documents?id=12'));
    await waitFor(() => expect(field('eta')).toHaveValue('31/12/2026'));
  });

  it('lays the fields out in titled sections, in the order of the paper form', async () => {
    await newTransportOrder();
    const titles = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Order',
        'Shipment',
        'Containers',
        'Locations',
        'Transport',
        'Cargo',
        'Client, invoice and remarks',
      ]),
    );
    const shipment = screen.getByTestId('document-section-shipment');
    for (const id of ['blNumber', 'vessel', 'eta']) {
      expect(within(shipment).getByRole('textbox', { name: new RegExp(`^${label(id)}`) })).toBe(
        field(id),
      );
    }
    expect(
      within(screen.getByTestId('document-section-locations')).getAllByRole('textbox'),
    ).toHaveLength(3);
  });

  it('says what the containers block holds, that none is there yet, and adds a container', async () => {
    const { app } = await newTransportOrder('fr');
    const list = screen.getByTestId('document-list-containers');
    expect(list).toHaveTextContent(
      'Ajoutez chaque conteneur du BL : son numéro (quatre lettres et sept chiffres, comme MSCU1234567) et son type.',
    );
    expect(within(list).getByTestId('document-list-containers-empty')).toHaveTextContent(
      'Rien d’ajouté pour le moment.',
    );
    const add = within(list).getByRole('button', { name: 'Ajouter un conteneur' });
    await app.events.click(add);
    expect(field('containers_0_containerNumber')).toBeInTheDocument();
    expect(within(list).queryByTestId('document-list-containers-empty')).toBeNull();
  });
});

function label(id: string): string {
  return { blNumber: 'BL number', vessel: 'Vessel', eta: 'ETA' }[id] ?? id;
}
