import type { Knex } from 'knex';
import { readEvents } from '../services/green-lights/read-events.ts';
import { recordPortStatus } from '../services/green-lights/record-port-status.ts';
import { demoReleaseBls } from './demo-releases.ts';
import type { DemoReleaseContext } from './load-demo-releases.ts';

/**
 * The demo containers the port's status system has reported on, what it said, and how many
 * hours ago, in the order a port sees it: the carrier's commercial release, customs, the
 * discharge from the vessel, then the terminal ready for pick-up.
 */
const demoLights: { containerNumber: string; kind: string; value: string; hoursAgo: number }[] = [
  { containerNumber: 'SOLU4217762', kind: 'commercialrelease', value: 'ok', hoursAgo: 52 },
  { containerNumber: 'SOLU4217762', kind: 'customs', value: 'released', hoursAgo: 30 },
  { containerNumber: 'SOLU4217762', kind: 'terminaloperation', value: 'discharged', hoursAgo: 20 },
  { containerNumber: 'SOLU4217762', kind: 'terminalready', value: 'ready', hoursAgo: 6 },
  { containerNumber: 'SOLU4217818', kind: 'commercialrelease', value: 'ok', hoursAgo: 49 },
  { containerNumber: 'SOLU4217818', kind: 'customs', value: 'selected for scan', hoursAgo: 3 },
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
  const now = Date.now();
  await recordPortStatus(
    trx,
    context.serverKey,
    { organizationId: sender.id, label: 'system' },
    readEvents(
      demoLights.map(({ hoursAgo, ...light }) => ({
        ...light,
        blNumber: demoReleaseBls.forwarderOwned,
        at: new Date(now - hoursAgo * 3_600_000).toISOString(),
      })),
      new Date(),
    ),
  );
}
