import { documentTypeById, documentTypes, type DocumentView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failure, json, stubFetch } from '../../test/fake-backend.ts';
import { forwarderUser, userWith } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { documentOf } from './document-fixtures.ts';
import { createI18n } from '../../i18n/i18n.ts';
import { documentTypeLabelKeys, translatedUiSchema } from './document-labels.ts';
import { precompiledValidators } from './validators/index.ts';

const transportOrder = documentTypeById('transport-order')!;

const page = (data: DocumentView[]) => json({ total: data.length, limit: 25, skip: 0, data });
const field = (id: string) => document.getElementById(`document_${id}`) as HTMLInputElement;

describe('access spec §2 "Documents": the table and its search', () => {
  it('lists own and received documents with their status, and searches as typed', async () => {
    const backend = stubFetch({
      'GET /api/documents': (request) =>
        request.url.searchParams.get('search') === 'alpha'
          ? page([documentOf({ reference: 'ALPHA-1' })])
          : page([
              documentOf(),
              documentOf({
                id: 8,
                reference: 'FROM-B',
                status: 'toBeAccepted',
                organization: { name: 'Delta Logistics', address: '0xb' },
                sharedWith: { name: 'North Sea Forwarding', address: '0xf0a1' },
              }),
            ]),
    });
    const { events } = renderApp({ path: '/documents', user: forwarderUser });
    const rows = await screen.findAllByTestId('document-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByTestId('document-status')).toHaveTextContent('To be accepted');
    expect(rows[1]).toHaveTextContent('Delta Logistics');
    await events.type(screen.getByTestId('documents-search'), 'alpha');
    await waitFor(() => expect(screen.getAllByTestId('document-row')).toHaveLength(1));
    expect(screen.getByTestId('document-row')).toHaveTextContent('ALPHA-1');
    expect(backend.called('GET /api/documents').at(-1)?.url.searchParams.get('search')).toBe(
      'alpha',
    );
  });

  it('shows the promotional panel without canDocuments, and no navigation item', async () => {
    stubFetch({});
    const features = { ...forwarderUser.features, canDocuments: false };
    renderApp({ path: '/documents', user: userWith({ features }) });
    expect(await screen.findByTestId('premium-promo')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-documents')).toBeNull();
  });
});

describe('the form of a new document (JSON Schema and UI schema of its type)', () => {
  it("validates against the type's schema before sending, with translated messages", async () => {
    const backend = stubFetch({
      'GET /api/documents': () => page([]),
      'POST /api/documents': (request) =>
        json(
          documentOf({ id: 12, body: (request.body as { body: DocumentView['body'] }).body }),
          201,
        ),
      'GET /api/documents/12': () => json(documentOf({ id: 12 })),
    });
    const app = renderApp({ path: '/documents', user: forwarderUser });
    await app.events.click(await screen.findByTestId('document-new'));
    await app.events.click(screen.getByTestId('document-new-transport-order'));
    await app.events.click(await screen.findByTestId('document-save'));
    // Releases spec §5, access spec §5 "Generic form messages": "Please provide a/an {label}".
    expect(await screen.findByText('Please provide a Reference')).toBeInTheDocument();
    expect(screen.getByText('Please provide a BL number')).toBeInTheDocument();
    expect(backend.called('POST /api/documents')).toHaveLength(0);

    await app.events.type(field('reference'), 'TO-12');
    await app.events.type(field('blNumber'), 'BL 12');
    await app.events.click(screen.getByLabelText('Import'));
    await app.events.click(screen.getByLabelText('Dangerous goods'));
    await app.events.click(screen.getByTestId('document-save'));
    expect(await screen.findByText('BL number is not in the expected format')).toBeInTheDocument();
    expect(screen.getByText('Please provide an IMO class')).toBeInTheDocument();

    await app.events.clear(field('blNumber'));
    await app.events.type(field('blNumber'), 'SOLANR2611001');
    await app.events.type(field('imoClass'), '3');
    await app.events.click(screen.getByTestId('document-save'));
    await waitFor(() => expect(backend.called('POST /api/documents')).toHaveLength(1));
    expect(backend.called('POST /api/documents')[0]!.body).toMatchObject({
      documentTypeId: 'transport-order',
      body: {
        reference: 'TO-12',
        blNumber: 'SOLANR2611001',
        type: 'import',
        dangerousGoods: true,
        imoClass: '3',
        creator: 'Ann Peeters',
      },
    });
    await waitFor(() => expect(app.location()).toBe('/documents?id=12'));
  });

  it("shows the server's field problems under their fields, in the user's language", async () => {
    stubFetch({
      'GET /api/documents/7': () => json(documentOf()),
      'PATCH /api/documents/7': () =>
        json(
          {
            name: 'BadRequest',
            message: 'Container number is not in the expected format',
            code: 400,
            data: {
              code: 'validation_failed',
              key: 'backend.error.validation_failed',
              fields: { 'body.reference': 'documents.validation.maxLength' },
            },
          },
          400,
        ),
    });
    const app = renderApp({ path: '/documents?id=7', user: forwarderUser, language: 'de' });
    await app.events.click(await screen.findByTestId('document-save'));
    // Access spec §5 "Generic form messages": "no more than", in German.
    expect(
      await screen.findByText('Bitte geben Sie höchstens 100 Zeichen ein'),
    ).toBeInTheDocument();
  });
});

describe('access spec §4 "Documents": what each organisation may do', () => {
  it('the receiver sees the document read-only and accepts it after confirming', async () => {
    const received = documentOf({
      status: 'toBeAccepted',
      organization: { name: 'Delta Logistics', address: '0xb' },
      sharedWith: { name: 'North Sea Forwarding', address: '0xf0a1' },
      actions: ['view', 'accept', 'reject'],
    });
    let current = received;
    const backend = stubFetch({
      'GET /api/documents/7': () => json(current),
      'PATCH /api/documents/7': () => {
        current = { ...received, status: 'accepted', actions: ['view'] };
        return json(current);
      },
      'GET /api/documents': () => page([]),
    });
    const app = renderApp({ path: '/documents?id=7', user: forwarderUser });
    expect(await screen.findByTestId('document-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('document-save')).toBeNull();
    expect(screen.queryByTestId('document-share')).toBeNull();
    expect(field('reference')).toBeDisabled();
    await app.events.click(screen.getByTestId('document-accept'));
    await app.events.click(screen.getByTestId('document-decision-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('document-status')).toHaveTextContent('Accepted'),
    );
    expect(backend.called('PATCH /api/documents/7')[0]!.body).toEqual({ status: 'accepted' });
    expect(screen.queryByTestId('document-accept')).toBeNull();
  });

  it('the creator shares a draft with a connected organisation', async () => {
    let current = documentOf();
    const backend = stubFetch({
      'GET /api/documents/7': () => json(current),
      'GET /api/organizations/0': () =>
        json({ connections: [{ id: 2, name: 'Delta Logistics', address: '0xb' }] }),
      'POST /api/document-share': () => {
        current = documentOf({
          status: 'toBeAccepted',
          sharedWith: { name: 'Delta Logistics', address: '0xb' },
          actions: ['view'],
        });
        return json(current, 201);
      },
      'GET /api/documents': () => page([]),
    });
    const app = renderApp({ path: '/documents?id=7', user: forwarderUser });
    await app.events.click(await screen.findByTestId('document-share'));
    const dialog = await screen.findByTestId('share-dialog');
    await app.events.click(within(dialog).getByTestId('share-confirm'));
    expect(within(dialog).getByText('No target organisation was selected.')).toBeInTheDocument();
    await app.events.click(within(dialog).getByTestId('share-target'));
    await app.events.click(await screen.findByText('Delta Logistics'));
    await app.events.click(within(dialog).getByTestId('share-confirm'));
    await waitFor(() => expect(screen.queryByTestId('share-dialog')).toBeNull());
    expect(backend.called('POST /api/document-share')[0]!.body).toEqual({
      docId: 7,
      targetOrganizationAddress: '0xb',
    });
    expect(screen.getByTestId('document-status')).toHaveTextContent('To be accepted');
    expect(screen.getByTestId('document-parties')).toHaveTextContent('to Delta Logistics');
  });

  it('a refusal of the server shows as its catalogued message', async () => {
    stubFetch({
      'GET /api/documents/7': () =>
        json(documentOf({ status: 'toBeAccepted', actions: ['view', 'accept', 'reject'] })),
      'PATCH /api/documents/7': () => failure(409, 'conflict'),
    });
    const app = renderApp({ path: '/documents?id=7', user: forwarderUser });
    await app.events.click(await screen.findByTestId('document-reject'));
    await app.events.click(screen.getByTestId('document-decision-confirm'));
    expect(
      await screen.findByText('This conflicts with the current state. Please reload.'),
    ).toBeInTheDocument();
  });
});

describe('the labels of the document types', () => {
  it.each(documentTypes.map((type) => [type.id, type] as const))(
    '%s has every label, choice and item in the locales',
    (_id, type) => {
      const i18n = createI18n({ language: 'en' });
      const missing = documentTypeLabelKeys(type).filter((key) => !i18n.exists(key));
      expect(missing).toEqual([]);
      expect(precompiledValidators[type.id]).toBeDefined();
    },
  );

  it("puts the labels and choices of the user's language in the UI schema", () => {
    const i18n = createI18n({ language: 'de' });
    const ui = translatedUiSchema(transportOrder, i18n.t) as Record<
      string,
      Record<string, unknown>
    >;
    expect(ui.blNumber!['ui:title']).toBe('BL-Nummer');
    expect(ui.type!['ui:enumNames']).toEqual({ import: 'Import', export: 'Export' });
    expect((ui.transportModes!.items as Record<string, unknown>)['ui:enumNames']).toMatchObject({
      truck: 'Lkw',
    });
    const containers = ui.containers!.items as Record<string, Record<string, unknown>>;
    expect(containers.containerNumber!['ui:title']).toBe('Containernummer');
    expect((ui.locations as Record<string, Record<string, unknown>>).pickUp!['ui:title']).toBe(
      'Abholort',
    );
    expect(transportOrder.uiSchema).not.toHaveProperty('blNumber');
  });
});
