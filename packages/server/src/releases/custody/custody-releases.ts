import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  custodyRefusal as domainCustodyRefusal,
  pincodeHash,
  type CustodyAction,
  type CustodyRefusal,
  type CustodyReleaseFacts,
  type Features,
  type PcsStatus,
  type TransferStatus,
} from '@scr/domain';
import type { Knex } from 'knex';
import { normaliseReleaseAddresses } from '../release-address.ts';
import { anyOf } from '../../kit/any-of.ts';

/**
 * One release of a custody action, as the acting organisation stands to it: domain's
 * `CustodyReleaseFacts` (what the rules decide on) and what the action writes with.
 */
export interface CustodyRelease extends CustodyReleaseFacts {
  id: string;
  address: string;
  version: number;
  blNumber: string;
  containerNumber: string;
  validUntil: string;
  releasedOn: string;
  /** The caller's active row in the chain, if any. */
  party: {
    id: string;
    position: number;
    transferStatus: TransferStatus;
    transferredToOrganizationId: number | null;
  } | null;
  /** The caller held the release once and was revoked out of the chain. */
  wasInChain: boolean;
  /**
   * The carrier's EDI PCS of the terminal, the PCS state and whether the PCS confirmed it:
   * always read here, where the domain's facts leave the first two optional.
   */
  ediPcs: string | null;
  pcsStatus: PcsStatus | null;
  availableInPcs: boolean;
  nextModeOfTransport: string | null;
}

/** A release as asked: found (and in the caller's reach) or not found. */
export type Addressed = { address: string; release: CustodyRelease | null };

/**
 * Reads (and with `lock`, locks FOR UPDATE in id order, so two actions never wait on each other
 * crosswise) the releases of a custody action with everything the rules need, in four queries
 * however many releases there are. A release the caller never held (and does not carry) is
 * `null`: it answers "not found", so its existence does not leak (DESIGN §3 "Tenancy").
 */
export async function loadCustodyReleases(
  db: Knex | Knex.Transaction,
  organizationId: number,
  addresses: readonly string[],
  options: { lock: boolean; targetOrganizationId?: number | null },
): Promise<Addressed[]> {
  const normalised = await normaliseReleaseAddresses(addresses);
  const asked = [...new Set(normalised.map((address, i) => address ?? addresses[i]!))];
  const query = db('releases as r')
    .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
    .leftJoin('terminals as t', 't.code', 'r.pickup_location')
    .join('organizations as carrier', 'carrier.id', 'r.carrier_organization_id')
    .whereRaw(...anyOf('r.address', asked, 'text'))
    .orderBy('r.id')
    .select(
      'r.id',
      'r.address',
      'r.version',
      'bl.bl_number',
      'r.container_number',
      'r.release_status',
      'r.valid_until',
      'r.released_on',
      'r.owner_organization_id',
      'r.carrier_organization_id',
      'r.sent_to_pcs',
      'r.edi_pcs',
      'r.pcs_status',
      'r.pcs_reference',
      'r.next_mode_of_transport',
      't.pins_allowed',
      't.secure_pickup_enabled',
      'carrier.secure_pickup_enabled as carrier_secure_pickup_enabled',
      // Any party's signed pincode retrieval, in the ledger: a revoke deletes the fetcher's
      // copy and deactivates its row, but never this event.
      db.raw(
        `exists (select 1 from release_events e
                  where e.release_id = r.id and e.operation = 'pincode') as pincode_fetched`,
      ),
    );
  const rows = options.lock ? await query.forUpdate('r') : await query;
  const ids = rows.map((row) => row.id);
  // One after the other: inside a transaction they share one connection.
  const parties = ids.length
    ? await db('release_parties')
        .where({ organization_id: organizationId })
        .whereRaw(...anyOf('release_id', ids, 'bigint'))
        .select(
          'id',
          'release_id',
          'position',
          'transfer_status',
          'transferred_to_organization_id',
          'active',
        )
    : [];
  const targetRows: (number | string)[] =
    ids.length && options.targetOrganizationId
      ? await db('release_parties')
          .where({ organization_id: options.targetOrganizationId, active: true })
          .whereRaw(...anyOf('release_id', ids, 'bigint'))
          .pluck('release_id')
      : [];
  const copies: { release_id: string; encrypted_pincode: string }[] = ids.length
    ? await db('release_pincodes')
        .where({ organization_id: organizationId })
        .whereRaw(...anyOf('release_id', ids, 'bigint'))
        .select('release_id', 'encrypted_pincode')
    : [];
  const active = new Map<string, (typeof parties)[number]>();
  const inactive = new Set<string>();
  for (const party of parties) {
    if (party.active) active.set(String(party.release_id), party);
    else inactive.add(String(party.release_id));
  }
  const targets = new Set(targetRows.map(String));
  const copyOf = new Map(copies.map((copy) => [String(copy.release_id), copy.encrypted_pincode]));
  const byAddress = new Map<string, CustodyRelease>();
  for (const [i, row] of rows.entries()) {
    // 10,000 releases take 20 ms or more to build: the event loop turns between pieces.
    if (i > 0 && i % 1000 === 0) await yieldToLoop();
    const id = String(row.id);
    const party = active.get(id);
    const release: CustodyRelease = {
      id,
      address: row.address,
      version: row.version,
      blNumber: row.bl_number,
      containerNumber: row.container_number,
      releaseStatus: row.release_status,
      validUntil: row.valid_until,
      releasedOn: row.released_on,
      ownerOrganizationId: row.owner_organization_id,
      carrierOrganizationId: row.carrier_organization_id,
      sentToPcs: row.sent_to_pcs,
      pinsAllowed: row.pins_allowed ?? true,
      securePickupEnabled: row.secure_pickup_enabled ?? false,
      carrierSecurePickupEnabled: row.carrier_secure_pickup_enabled,
      pincodeFetched: row.pincode_fetched,
      party: party
        ? {
            id: String(party.id),
            position: party.position,
            transferStatus: party.transfer_status,
            transferredToOrganizationId: party.transferred_to_organization_id,
          }
        : null,
      wasInChain: inactive.has(id),
      targetInChain: targets.has(id),
      encryptedPincode: copyOf.get(id) ?? null,
      ediPcs: row.edi_pcs ?? null,
      pcsStatus: row.pcs_status ?? null,
      availableInPcs: row.pcs_status === 'sent' && row.pcs_reference !== null,
      nextModeOfTransport: row.next_mode_of_transport ?? null,
    };
    const reachable =
      release.party !== null ||
      release.wasInChain ||
      release.carrierOrganizationId === organizationId;
    if (reachable) byAddress.set(release.address, release);
  }
  return asked.map((address) => ({ address, release: byAddress.get(address) ?? null }));
}

/**
 * Why the caller may not take part with this release in the action, or null: domain
 * `custodyRefusal` (releases spec §4, §6) on the release as loaded.
 */
export function custodyRefusal(
  action: CustodyAction,
  addressed: Addressed,
  caller: { organizationId: number; features: Pick<Features, 'canFetchPincode'> },
): CustodyRefusal | null {
  return domainCustodyRefusal(action, addressed.release, caller);
}

/** The English text and the translation key of a refusal (domain, releases spec §8). */
export { custodyRefusalKey as refusalKey, custodyRefusalText as refusalText } from '@scr/domain';

/** The caller's pincode hash of a release (DESIGN §3), null without a copy. */
export const callerPincodeHash = (release: CustodyRelease) => pincodeHash(release.encryptedPincode);
