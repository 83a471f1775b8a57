import type { Knex } from 'knex';
import { readEvents } from '../services/green-lights/read-events.ts';
import { recordPortStatus } from '../services/green-lights/record-port-status.ts';
import { demoReleaseBls } from './demo-releases.ts';
import type { DemoReleaseContext } from './load-demo-releases.ts';

/** The demo containers the port's status system has reported on, and what it said. */
const demoLights: { containerNumber: string; kind: string; value: string }[] = [
  { containerNumber: 'SOLU4217762', kind: 'commercialrelease', value: 'ok' },
  { containerNumber: 'SOLU4217762', kind: 'customs', value: 'released' },
  { containerNumber: 'SOLU4217762', kind: 'terminalready', value: 'ready' },
  { containerNumber: 'SOLU4217762', kind: 'terminaloperation', value: 'discharged' },
  { containerNumber: 'SOLU4217818', kind: 'commercialrelease', value: 'ok' },
  { containerNumber: 'SOLU4217818', kind: 'customs', value: 'selected for scan' },
];

/**
 * Port integrations in the demo world (issue 14 items 1 and 2), after its releases: the
 * forwarder's BL (`demoReleaseBls.forwarderOwned`, at Antwerp's 1742) carries the carrier's EDI
 * PCS, so its owner (connected to the PCS) can send it to the stand-in PCS; the demo terminal
 * operator stands in for Antwerp's port status system (`port_status_senders`), and its events
 * light two of those containers through the real command (server-signed ledger events).
 */
export async function loadDemoPortIntegrations(trx: Knex.Transaction, context: DemoReleaseContext) {
  const bl = await trx('bills_of_lading')
    .where({ bl_number: demoReleaseBls.forwarderOwned })
    .first('id');
  if (!bl) return;
  await trx('releases').where({ bill_of_lading_id: bl.id }).update({ edi_pcs: 'CPOINT' });
  const sender = context.organizations.get('terminal')!;
  await trx('port_status_senders')
    .insert({ organization_id: sender.id, port_locode: 'BEANR' })
    .onConflict(['organization_id', 'port_locode'])
    .ignore();
  const at = new Date(Date.now() - 15 * 60_000).toISOString();
  await recordPortStatus(
    trx,
    context.serverKey,
    { organizationId: sender.id, label: 'system' },
    readEvents(
      demoLights.map((light) => ({ ...light, blNumber: demoReleaseBls.forwarderOwned, at })),
      new Date(),
    ),
  );
}
