import type { DocumentView } from '@scr/domain';

/** A transport order as the server answers it: a draft of the forwarder's, overridable per test. */
export const documentOf = (fields: Partial<DocumentView> = {}): DocumentView => ({
  id: 7,
  documentType: { id: 'transport-order', title: 'Transport order' },
  status: 'draft',
  body: { reference: 'TO-7', type: 'import', blNumber: 'SOLANR2611001' },
  reference: 'TO-7',
  createdAt: '2026-05-04T08:00:00.000Z',
  updatedAt: '2026-05-04T08:00:00.000Z',
  organization: { name: 'North Sea Forwarding', address: '0xf0a1' },
  sharedWith: null,
  sharedAt: null,
  decidedAt: null,
  actions: ['view', 'edit', 'share'],
  ...fields,
});
