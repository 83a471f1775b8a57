import type { Knex } from 'knex';
import { createDocument, moveDocument } from '../services/documents/document-commands.ts';
import type { DemoOrgKey } from './demo-organizations.ts';

/**
 * The demo's documents (issue 12 item 4): the two forwarders, connected and both with
 * canDocuments, each have a transport order. forwarder@'s is a draft to share; forwarder2@'s
 * was shared with forwarder@, which has it to accept or reject (access spec §4 "Documents").
 */
export const demoDocuments: {
  org: DemoOrgKey;
  shareWith?: DemoOrgKey;
  body: Record<string, unknown>;
}[] = [
  {
    org: 'forwarder1',
    body: {
      reference: 'KF-TO-0001',
      type: 'import',
      carrier: 'Scheldt Ocean Line NV',
      customer: 'Kempen Forwarding BV',
      blNumber: 'SOLANR2611001',
      vessel: 'Scheldt Pioneer',
      containers: [{ containerNumber: 'SOLU1000001', containerType: '45G1' }],
      locations: { pickUp: 'Antwerp 1742', turnIn: 'Antwerp 869' },
      transportModes: ['truck'],
      dangerousGoods: false,
      remarks: 'Deliver before noon.',
    },
  },
  {
    org: 'forwarder2',
    shareWith: 'forwarder1',
    body: {
      reference: 'DCL-TO-0042',
      type: 'export',
      carrier: 'Scheldt Ocean Line NV',
      customer: 'Delta Customs & Logistics NV',
      blNumber: 'SOLANR2611004',
      containers: [{ containerNumber: 'SOLU1000042', containerType: '22R1' }],
      locations: { pickUp: 'Kontich depot', turnIn: 'Antwerp 913' },
      transportModes: ['barge', 'truck'],
      dangerousGoods: true,
      imoClass: '3',
      reeferTemperature: -18,
      clientName: 'Polar Foods NV',
      clientVat: 'BE0123.456.789',
    },
  },
];

/** Creates (and shares) the demo documents with the documents' own commands. */
export async function loadDemoDocuments(
  trx: Knex.Transaction,
  idOf: (key: DemoOrgKey) => number,
): Promise<void> {
  const callerOf = async (key: DemoOrgKey) => {
    const organizationId = idOf(key);
    const user = await trx('users')
      .where({ organization_id: organizationId })
      .orderBy('id')
      .first('id');
    return { organizationId, userId: user.id as number };
  };
  for (const document of demoDocuments) {
    const caller = await callerOf(document.org);
    const id = await createDocument(trx, caller, 'transport-order', document.body);
    if (!document.shareWith) continue;
    const target = await trx('organizations')
      .where({ id: idOf(document.shareWith) })
      .first('address');
    await moveDocument(trx, caller, id, 'share', target.address);
  }
}
