import type { DocumentView } from '@scr/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fake-backend.ts';
import { forwarderUser } from '../../test/fixtures.ts';
import { asPhone } from '../../test/phone-media.ts';
import { renderApp } from '../../test/render-app.tsx';
import { documentOf } from './document-fixtures.ts';

const page = (data: DocumentView[]) => json({ total: data.length, limit: 25, skip: 0, data });

let restore: () => void;
beforeEach(() => {
  restore = asPhone();
});
afterEach(() => restore());

describe('access spec §2 "Documents" on a phone', () => {
  it('lists the documents as cards (no table to widen a 390 px page); a tap opens one', async () => {
    const received = documentOf({
      id: 8,
      reference: 'FROM-B',
      status: 'toBeAccepted',
      organization: { name: 'Delta Logistics', address: '0xb' },
      sharedWith: { name: 'North Sea Forwarding', address: '0xf0a1' },
    });
    const backend = stubFetch({
      'GET /api/documents': () => page([documentOf(), received]),
      'GET /api/documents/8': () => json(received),
      'GET /api/document-types': () => json([]),
    });
    const { events } = renderApp({ path: '/documents', user: forwarderUser, language: 'nl' });
    const cards = await screen.findAllByTestId('document-card');
    expect(screen.queryByTestId('documents-table')).toBeNull();
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'TO-7' })).toBeVisible();
    // The table's columns, in the user's language; an empty receiver is a dash.
    expect(cards[0]).toHaveTextContent('—');
    expect(within(cards[1]!).getByTestId('document-status')).toHaveTextContent('Te aanvaarden');
    expect(cards[1]).toHaveTextContent('Delta Logistics');
    expect(cards[1]).toHaveTextContent('North Sea Forwarding');
    await events.click(within(cards[1]!).getByRole('button'));
    await waitFor(() => expect(backend.called('GET /api/documents/8')).toHaveLength(1));
  });
});
