import type { DocumentView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fake-backend.ts';
import { forwarderUser } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { documentOf as baseDocument } from './document-fixtures.ts';

const pdf = '%PDF-1.7\n%%EOF\n';
const attachment = {
  id: 3,
  name: 'order.pdf',
  ref: 'Signed',
  contentType: 'application/pdf',
  size: pdf.length,
};

const documentOf = (fields: Partial<DocumentView> = {}): DocumentView =>
  baseDocument({ attachments: [], ...fields });

async function openDocument(handlers: Parameters<typeof stubFetch>[0]) {
  const backend = stubFetch(handlers);
  const app = renderApp({ path: '/documents?id=7', user: forwarderUser });
  const field = await screen.findByTestId('document-attachments');
  return { app, backend, field };
}

afterEach(() => vi.restoreAllMocks());

describe('access spec §3 "Document": the attachments field', () => {
  it('adds a file with its ref to a draft, and removes it', async () => {
    let current = documentOf();
    const { app, backend, field } = await openDocument({
      'GET /api/documents/7': () => json(current),
      'POST /api/document-attachments': () => {
        current = documentOf({ attachments: [attachment] });
        return json(current, 201);
      },
      'DELETE /api/document-attachments/3': () => {
        current = documentOf();
        return json(current);
      },
    });
    expect(field).toHaveTextContent('No attachments yet.');
    await app.events.type(within(field).getByTestId('document-attachment-ref'), 'Signed');
    await app.events.upload(
      within(field).getByTestId('document-attachment-add'),
      new File([pdf], 'order.pdf', { type: 'application/pdf' }),
    );
    expect(await within(field).findByTestId('document-attachment-3')).toHaveTextContent(
      'order.pdf',
    );
    expect(backend.called('POST /api/document-attachments')[0]?.body).toEqual({
      docId: 7,
      name: 'order.pdf',
      ref: 'Signed',
      contentBase64: btoa(pdf),
    });
    await app.events.click(within(field).getByTestId('document-attachment-remove-3'));
    await waitFor(() => expect(within(field).queryByTestId('document-attachment-3')).toBeNull());
    expect(backend.called('DELETE /api/document-attachments/3')).toHaveLength(1);
  });

  it('refuses a file whose content is not what its name says before sending it', async () => {
    const { app, backend, field } = await openDocument({
      'GET /api/documents/7': () => json(documentOf()),
    });
    await app.events.upload(
      within(field).getByTestId('document-attachment-add'),
      new File(['MZ not a pdf'], 'order.pdf', { type: 'application/pdf' }),
    );
    expect(await within(field).findByTestId('document-attachments-hint')).toHaveTextContent(
      'Only PDF, PNG, JPEG, Word or Excel files whose content matches their name',
    );
    expect(backend.called('POST /api/document-attachments')).toHaveLength(0);
  });

  it('once shared: download links only, no adding or removing', async () => {
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:order';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { app, field } = await openDocument({
      'GET /api/documents/7': () =>
        json(
          documentOf({
            status: 'toBeAccepted',
            actions: ['view', 'accept', 'reject'],
            attachments: [attachment],
          }),
        ),
      'GET /api/document-attachments/3': () =>
        json({
          id: 3,
          name: 'order.pdf',
          contentType: 'application/pdf',
          contentBase64: btoa(pdf),
        }),
    });
    expect(within(field).queryByTestId('document-attachment-add')).toBeNull();
    expect(within(field).queryByTestId('document-attachment-remove-3')).toBeNull();
    await app.events.click(within(field).getByTestId('document-attachment-3'));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(saved?.type).toBe('application/pdf');
    expect(await saved!.text()).toBe(pdf);
  });
});
