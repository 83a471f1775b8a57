import {
  applyGreenLightEvent,
  statusAfterLights,
  unblockedStatus,
  type GreenLights,
  type ReleaseStatus,
  type PortStatusEventResult,
  type PortStatusEventsAnswer,
} from '@scr/domain';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { appendServerEvents, signServerEvents } from '../../ledger/ledger.ts';
import type { ServerKey } from '../../ledger/server-key.ts';
import { refreshPartyCopies } from '../../releases/party-copies.ts';
import { releaseNotices, type ReleaseNotices } from '../../releases/release-notices.ts';
import type { ReadEvent } from './read-events.ts';

/** The port's status system that calls: its organisation and API key. */
export interface PortStatusCaller {
  organizationId: number;
  /** As the ledger records it: `api-key:<id>` (or `system` for the demo loader). */
  label: string;
}

/**
 * The live releases an event names within the sender's port scope (`port_status_senders`: the
 * ports whose status system the organisation runs): by address, or by container number (and BL
 * number, when given), picked up at a terminal of those ports, not deleted nor archived; locked.
 * A release at any other port is not found, whatever exists there.
 */
async function releasesInScope(trx: Knex.Transaction, caller: PortStatusCaller, event: ReadEvent) {
  const rows: DbRow[] = await trx('releases as r')
    .join('terminals as t', 't.code', 'r.pickup_location')
    .join('port_status_senders as s', 's.port_locode', 't.port_locode')
    .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
    .where('s.organization_id', caller.organizationId)
    .whereNot('r.release_status', 'deleted')
    .whereNull('r.archived_at')
    .modify((query) => {
      if (event.releaseAddress) query.where('r.address', event.releaseAddress);
      else query.where('r.container_number', event.containerNumber);
      if (event.blNumber) query.where('bl.bl_number', event.blNumber);
    })
    .orderBy('r.id')
    .forUpdate('r')
    .select(
      'r.id',
      'r.address',
      'r.version',
      'r.green_lights',
      'r.release_status',
      'r.valid_until',
      'r.released_on',
    );
  return rows;
}

/**
 * Records the events of the port's status system (issue 14 item 2; releases spec §3
 * "Traffic-light (Green Lights) data", §4): per release named in the sender's scope, domain
 * `applyGreenLightEvent` computes the kind's colour and the total; a change is stored on the
 * release and recorded as a server-signed `portStatus` ledger event (the audit trail's
 * port-status rendering: `light`, `value`, `color`, the total, the source). The release's
 * version stays (the lights are no custody change, as a terminal check). All in one
 * transaction; answers the results and the notices of the releases that changed.
 */
export async function recordPortStatus(
  knex: Knex,
  serverKey: ServerKey,
  caller: PortStatusCaller,
  events: readonly ReadEvent[],
): Promise<{ answer: PortStatusEventsAnswer; notices: ReleaseNotices }> {
  return inTransaction(knex, async (trx) => {
    const sender = await trx('organizations').where({ id: caller.organizationId }).first('name');
    const results: PortStatusEventResult[] = [];
    const changed = new Set<string>();
    const statusChanged = new Set<string>();
    const ledger = [];
    for (const [index, event] of events.entries()) {
      const rows = await releasesInScope(trx, caller, event);
      if (rows.length === 0) {
        results.push({ index, status: 'notFound', releases: [] });
        continue;
      }
      let status: PortStatusEventResult['status'] = 'unchanged';
      const releases: PortStatusEventResult['releases'] = [];
      for (const row of rows) {
        const next = applyGreenLightEvent(
          row.green_lights as GreenLights | null,
          event,
          sender.name,
        );
        if (next.stale && status === 'unchanged') status = 'stale';
        if (next.changed) {
          status = 'applied';
          row.green_lights = next.lights;
          // Customs selecting the container for scan holds it, and releasing it lets it go.
          const releaseStatus = statusAfterLights(
            row.release_status as ReleaseStatus,
            next.lights,
            unblockedStatus({ validUntil: row.valid_until, releasedOn: row.released_on }),
          );
          if (releaseStatus !== row.release_status) statusChanged.add(String(row.id));
          row.release_status = releaseStatus;
          await trx('releases')
            .where({ id: row.id })
            .update({ green_lights: JSON.stringify(next.lights), release_status: releaseStatus });
          changed.add(String(row.id));
          const light = next.lights.events[event.kind]!;
          ledger.push({
            release: { id: row.id, address: row.address, version: row.version },
            operation: 'portStatus' as const,
            pincodeHash: null,
            details: {
              light: event.kind,
              value: light.value,
              color: light.color,
              updatedAt: light.updatedAt,
              ...(light.stampedOnReceipt ? { stampedOnReceipt: true } : {}),
              total: { color: next.lights.total },
              source: sender.name,
            },
            sourceOrganizationId: caller.organizationId,
            actor: caller.label,
          });
        }
        releases.push({ address: row.address, total: next.lights.total, lights: next.lights });
      }
      results.push({ index, status, releases });
    }
    if (statusChanged.size > 0) await refreshPartyCopies(trx, [...statusChanged]);
    if (ledger.length > 0) await appendServerEvents(trx, signServerEvents(serverKey, ledger));
    const notices = await releaseNotices(trx, [...changed], 'greenLights');
    return { answer: { results }, notices };
  });
}
