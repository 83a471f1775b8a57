import type { RequestCarrier, RequestForRelease } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fake-backend.ts';
import {
  allFeatures,
  carrierUser,
  forwarderUser,
  terminalUser,
  userWith,
} from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { renderReleases } from '../releases/test/render-releases.tsx';
import { AnswerRequestDialog } from './answer-request-dialog.tsx';

const carrier: RequestCarrier = { address: '0xc0a2', name: 'Oceanline Shipping', blPrefixes: [] };
const hapag: RequestCarrier = { address: '0xh1', name: 'Hapag-Lloyd AG', blPrefixes: ['HLCU'] };
const pdf = '%PDF-1.7\n1 0 obj\n';

const request = (fields: Partial<RequestForRelease> = {}): RequestForRelease => ({
  id: 7,
  reference: 'PO-4471',
  invoiceNumber: 'INV 118',
  carrierAddress: carrier.address,
  carrierName: carrier.name,
  blNumber: 'SOLANR2611009',
  containersRaw: 'MSCU1234567, TGHU7654320',
  containers: ['MSCU1234567', 'TGHU7654320'],
  files: [
    {
      id: 3,
      kind: 'letterOfIndemnity',
      name: 'loi.pdf',
      ref: 'Signed LOI',
      contentType: 'application/pdf',
      size: 17,
    },
  ],
  organizationAddress: forwarderUser.organizationAddress,
  organizationName: forwarderUser.organization.name,
  status: 'open',
  createdAt: '2026-11-21T09:30:00.000Z',
  releases: [],
  ...fields,
});
const page = (data: RequestForRelease[]) => ({ total: data.length, limit: 10, skip: 0, data });

/** The requester's page, with its list and the carriers offered. */
async function requesterPage(carriers: RequestCarrier[] = [carrier], handlers = {}) {
  const backend = stubFetch({
    'GET /api/requests-for-release': () => json(page([request()])),
    'GET /api/requests-for-release/carriers': () => json(carriers),
    ...handlers,
  });
  const app = renderApp({ path: '/requests-for-release', user: forwarderUser });
  await screen.findByTestId('rfr-row-SOLANR2611009');
  await app.events.click(screen.getByTestId('rfr-new'));
  const dialog = await screen.findByTestId('rfr-form-dialog');
  await waitFor(() =>
    expect(backend.called('GET /api/requests-for-release/carriers')).toHaveLength(1),
  );
  const type = async (field: string, text: string) => {
    await app.events.clear(within(dialog).getByTestId(`rfr-${field}`));
    await app.events.paste(text);
  };
  const send = () => app.events.click(within(dialog).getByTestId('rfr-send'));
  const attach = (kind: 'letterOfIndemnity' | 'other', name: string, content: string) =>
    app.events.upload(
      within(dialog).getByTestId(`rfr-add-${kind}`),
      new File([content], name, { type: 'application/pdf' }),
    );
  return { app, backend, dialog, type, send, attach };
}

describe('releases spec §2 "requests-for-release": the requester’s list', () => {
  it('lists the requests sent: carrier, BL, containers, reference, invoice, files, status', async () => {
    stubFetch({ 'GET /api/requests-for-release': () => json(page([request()])) });
    renderApp({ path: '/requests-for-release', user: forwarderUser });
    const row = await screen.findByTestId('rfr-row-SOLANR2611009');
    for (const text of [
      'Oceanline Shipping',
      'MSCU1234567, TGHU7654320',
      'PO-4471',
      'INV 118',
      'loi.pdf',
      'Open',
      '0 of 2 released',
    ]) {
      expect(row).toHaveTextContent(text);
    }
    expect(screen.getByTestId('nav-requests-for-release')).toBeInTheDocument();
  });

  it('without canRequestForRelease shows the promotional panel; a terminal has no such page', async () => {
    stubFetch({});
    const features = { ...allFeatures(true), canRequestForRelease: false };
    renderApp({ path: '/requests-for-release', user: userWith({ features }) });
    expect(await screen.findByTestId('premium-promo')).toBeInTheDocument();
    expect(screen.queryByTestId('rfr-page')).toBeNull();
  });

  it('a terminal user finds no requests for release', async () => {
    stubFetch({});
    renderApp({ path: '/requests-for-release', user: terminalUser });
    await waitFor(() => expect(screen.queryByTestId('rfr-page')).toBeNull());
    expect(screen.queryByTestId('nav-requests-for-release')).toBeNull();
  });
});

describe('releases spec §5 "Request for release": the form checks before sending', () => {
  it('carrier and BL are required; nothing is sent', async () => {
    const { backend, send, dialog } = await requesterPage([carrier, hapag]);
    await send();
    expect(dialog).toHaveTextContent('Please provide a carrier');
    expect(dialog).toHaveTextContent('Please provide a BL number');
    expect(backend.called('POST /api/requests-for-release')).toHaveLength(0);
  });

  it('for the carrier the spec names the BL must start with HLCU', async () => {
    const { app, backend, dialog, type, send } = await requesterPage([carrier, hapag]);
    await app.events.click(within(dialog).getByTestId('rfr-carrier'));
    await app.events.click(await screen.findByRole('option', { name: 'Hapag-Lloyd AG' }));
    expect(dialog).toHaveTextContent('Starts with HLCU');
    await type('blNumber', 'SOLANR2611009');
    await send();
    expect(dialog).toHaveTextContent('BL number must start with one of: HLCU');
    await type('blNumber', 'HLCUANR2611009');
    expect(dialog).not.toHaveTextContent('BL number must start with one of');
    expect(backend.called('POST /api/requests-for-release')).toHaveLength(0);
  });

  it('shows the containers parsed from the free text (dash, comma, semicolon, newline, space)', async () => {
    const { dialog, type } = await requesterPage();
    await type('containersRaw', 'mscu 1234567-TGHU7654320;ABCU1111111\nABCU2222222 ABCU3333333');
    expect(dialog).toHaveTextContent(
      'Containers: MSCU1234567, TGHU7654320, ABCU1111111, ABCU2222222, ABCU3333333',
    );
  });

  it('a file whose content is not what its name says is refused before sending', async () => {
    const { backend, dialog, type, send, attach } = await requesterPage();
    await type('blNumber', 'SOLANR2611009');
    await attach('letterOfIndemnity', 'loi.pdf', 'Dear carrier, please release');
    await within(dialog).findByTestId('rfr-file-0');
    await send();
    expect(dialog).toHaveTextContent(
      'Only PDF, PNG, JPEG, Word or Excel files whose content matches their name',
    );
    expect(backend.called('POST /api/requests-for-release')).toHaveLength(0);
  });
});

describe('releases spec §7 `requests-for-release` create from the form', () => {
  it('sends carrier, BL, containers, reference, invoice and the letter of indemnity', async () => {
    const { backend, dialog, type, send, attach } = await requesterPage([carrier], {
      'POST /api/requests-for-release': () => json(request(), 201),
    });
    await type('blNumber', ' SOLANR2611009 ');
    await type('containersRaw', 'MSCU1234567, TGHU 7654321');
    await type('reference', 'PO-4471');
    await type('invoiceNumber', 'INV 118');
    await attach('letterOfIndemnity', 'loi.pdf', pdf);
    expect(await within(dialog).findByTestId('rfr-file-ref-0')).toHaveValue('Letter of indemnity');
    await send();
    expect(
      await screen.findByText('Request for release sent to Oceanline Shipping.'),
    ).toBeVisible();
    const [sent] = backend.called('POST /api/requests-for-release');
    expect(sent!.body).toEqual({
      carrierAddress: carrier.address,
      blNumber: 'SOLANR2611009',
      containersRaw: 'MSCU1234567, TGHU 7654321',
      reference: 'PO-4471',
      invoiceNumber: 'INV 118',
      files: [
        {
          kind: 'letterOfIndemnity',
          name: 'loi.pdf',
          ref: 'Letter of indemnity',
          contentBase64: btoa(pdf),
        },
      ],
    });
  });

  it('shows the server’s field messages', async () => {
    const { dialog, type, send } = await requesterPage([carrier], {
      'POST /api/requests-for-release': () =>
        json(
          {
            name: 'BadRequest',
            message: 'invalid',
            code: 400,
            data: {
              code: 'validation_failed',
              key: 'backend.error.validation_failed',
              fields: { carrierAddress: 'requestsForRelease.validation.carrierNotOffered' },
            },
          },
          400,
        ),
    });
    await type('blNumber', 'SOLANR2611009');
    await send();
    expect(
      await within(dialog).findByText(
        'This carrier is not on your list of carriers for requests for release',
      ),
    ).toBeVisible();
  });
});

describe('issue 12 item 3: the carrier sees the requests addressed to it and answers them', () => {
  it('lists them with the requester, opens a file', async () => {
    const backend = stubFetch({
      'GET /api/requests-for-release': () => json(page([request()])),
      'GET /api/requests-for-release/files/3': () =>
        json({ id: 3, name: 'loi.pdf', contentType: 'application/pdf', contentBase64: btoa(pdf) }),
    });
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:loi';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const app = renderApp({ path: '/requests-for-release', user: carrierUser });
    const row = await screen.findByTestId('rfr-row-SOLANR2611009');
    expect(row).toHaveTextContent(forwarderUser.organization.name);
    expect(screen.queryByTestId('rfr-new')).toBeNull();
    await app.events.click(within(row).getByTestId('rfr-open-file-3'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(backend.called('GET /api/requests-for-release/files/3')).toHaveLength(1);
    expect(saved?.type).toBe('application/pdf');
    expect(await saved!.text()).toBe(pdf);
  });

  it('answers with the create-release dialog: the BL locked, the next container filled in', async () => {
    const backend = stubFetch({
      'PATCH /api/requests-for-release/7': () =>
        json(
          request({
            status: 'answered',
            releases: [{ address: '0xr1', containerNumber: 'TGHU7654320' }],
          }),
        ),
    });
    const onClose = vi.fn();
    const answered = request({ releases: [{ address: '0xr0', containerNumber: 'MSCU1234567' }] });
    const app = renderReleases({
      ui: <AnswerRequestDialog request={answered} onClose={onClose} />,
      user: carrierUser,
    });
    const dialog = await screen.findByTestId('create-release-dialog');
    expect(dialog).toHaveTextContent('Create a release for BL SOLANR2611009');
    expect(within(dialog).getByTestId('create-blNumber')).toBeDisabled();
    expect(within(dialog).getByTestId('create-blNumber')).toHaveValue('SOLANR2611009');
    expect(within(dialog).getByTestId('create-containerNumber')).toHaveValue('TGHU7654320');
    await waitFor(() => expect(app.api.findTerminals).toHaveBeenCalled());
    await app.events.click(within(dialog).getByTestId('create-pickupLocation'));
    await app.events.paste('1742');
    await app.events.click(within(dialog).getByTestId('create-submit'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [patch] = backend.called('PATCH /api/requests-for-release/7');
    expect(patch!.body).toMatchObject({
      releases: [
        {
          billOfLading: { blNumber: 'SOLANR2611009' },
          container: { containerNumber: 'TGHU7654320', pickupLocation: '1742' },
        },
      ],
    });
    expect(app.api.createRelease).not.toHaveBeenCalled();
  });
});
