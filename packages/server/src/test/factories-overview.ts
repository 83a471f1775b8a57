import { randomBytes, randomInt } from 'node:crypto';
import {
  addDays,
  releaseSearchText,
  todayInBrussels,
  type IsoDate,
  type ReleaseStatus,
  type TransferStatus,
} from '@scr/domain';
import type { Knex } from 'knex';
import { normaliseReleaseAddress } from '../releases/release-address.ts';
import { randomAddress } from './factories.ts';

/** One release of a factory BL and its chain after the carrier. */
export interface FactoryRelease {
  containerNumber?: string;
  validFrom?: IsoDate;
  /** Default: today + 30 days in Brussels. */
  validUntil?: IsoDate;
  releaseStatus?: ReleaseStatus;
  pickupLocation?: string;
  pickupPort?: string | null;
  turnInLocation?: string | null;
  turnInLocationBarge?: string | null;
  turnInLocationRail?: string | null;
  isSecurePickup?: boolean;
  /** The organisations the release went to after the carrier, in order; the last owns it. */
  chain?: number[];
  /** The last party's transfer status (default `owned`); the others are `transferred`. */
  lastStatus?: TransferStatus;
  /** Parties from this position on were revoked out of the chain (`active` false). */
  revokedFrom?: number;
}

/** A BL of one carrier with its releases. */
export interface FactoryBillOfLading {
  carrierId: number;
  blNumber?: string;
  vessel?: string | null;
  voyageNumber?: string | null;
  agent?: string | null;
  stayNumber?: string | null;
  lloydsNumber?: string | null;
  portOfLoading?: string | null;
  portOfDestination?: string | null;
  releases: FactoryRelease[];
}

/** A BL number or container number no other test uses (letters + digits, upper case). */
export const uniqueNumber = (prefix: string, digits = 9) =>
  `${prefix}${String(randomInt(10 ** (digits - 1), 10 ** digits))}`;

/**
 * Inserts a BL, its releases and their party rows the way the write side keeps them (migration
 * 0010): one row per party, position 0 for the carrier, each with the release's copied columns
 * and domain `releaseSearchText`. Answers the ids and addresses, in the order given.
 */
export async function createBillOfLading(db: Knex, bl: FactoryBillOfLading) {
  const blNumber = bl.blNumber ?? uniqueNumber('TBLU');
  const [blRow] = await db('bills_of_lading')
    .insert({
      carrier_organization_id: bl.carrierId,
      bl_number: blNumber,
      vessel: bl.vessel === undefined ? 'MSC Factory' : bl.vessel,
      voyage_number: bl.voyageNumber ?? null,
      agent: bl.agent ?? null,
      stay_number: bl.stayNumber ?? null,
      lloyds_number: bl.lloydsNumber ?? null,
      port_of_loading: bl.portOfLoading ?? null,
      port_of_destination: bl.portOfDestination ?? null,
    })
    .returning('*');
  const releases = [];
  for (const release of bl.releases) {
    releases.push(await insertRelease(db, blRow, release));
  }
  return { id: Number(blRow.id), blNumber, releases };
}

async function insertRelease(db: Knex, bl: Record<string, unknown>, release: FactoryRelease) {
  const today = todayInBrussels();
  const containerNumber = release.containerNumber ?? uniqueNumber('TCNU', 7);
  const validUntil = release.validUntil ?? addDays(today, 30);
  const validFrom = release.validFrom ?? (validUntil < today ? addDays(validUntil, -30) : today);
  const chain = [bl.carrier_organization_id as number, ...(release.chain ?? [])];
  const releaseStatus = release.releaseStatus ?? 'released';
  const pickupLocation = release.pickupLocation ?? '1742';
  const [row] = await db('releases')
    .insert({
      address: normaliseReleaseAddress(randomAddress()),
      bill_of_lading_id: bl.id,
      carrier_organization_id: bl.carrier_organization_id,
      bl_number: bl.bl_number,
      container_number: containerNumber,
      pickup_location: pickupLocation,
      pickup_port: release.pickupPort === undefined ? 'BEANR' : release.pickupPort,
      turn_in_location: release.turnInLocation ?? null,
      turn_in_location_barge: release.turnInLocationBarge ?? null,
      turn_in_location_rail: release.turnInLocationRail ?? null,
      valid_from: validFrom,
      valid_until: validUntil,
      released_on: validFrom,
      release_status: releaseStatus,
      owner_organization_id: chain.at(-1),
      is_secure_pickup: release.isSecurePickup ?? false,
    })
    .returning(['id', 'address']);
  const searchText = releaseSearchText({
    blNumber: bl.bl_number as string,
    containerNumber,
    vessel: bl.vessel as string | null,
    voyageNumber: bl.voyage_number as string | null,
    pickupLocation,
    stayNumber: bl.stay_number as string | null,
    lloydsNumber: bl.lloyds_number as string | null,
    agent: bl.agent as string | null,
  });
  await db('release_parties').insert(
    chain.map((organizationId, position) => ({
      release_id: row.id,
      organization_id: organizationId,
      position,
      received_from_organization_id: position > 0 ? chain[position - 1] : null,
      transferred_to_organization_id: chain[position + 1] ?? null,
      transfer_status:
        position < chain.length - 1 ? 'transferred' : (release.lastStatus ?? 'owned'),
      active: release.revokedFrom === undefined || position < release.revokedFrom,
      bill_of_lading_id: bl.id,
      valid_until: validUntil,
      release_status: releaseStatus,
      search_text: searchText,
      sort_container_number: containerNumber.toLowerCase(),
      sort_bl_number: (bl.bl_number as string).toLowerCase(),
      sort_vessel: (bl.vessel as string | null)?.toLowerCase() ?? null,
    })),
  );
  return { id: Number(row.id), address: row.address as string, containerNumber };
}

/** A word no other test's rows contain, to search for. */
export const uniqueWord = (prefix = 'zq') => `${prefix}${randomBytes(5).toString('hex')}`;

/**
 * `count` BLs of one container each (numbered `blPrefix` + 000001…), carrier → `holderId`, valid for 30 more days, inserted with
 * three INSERT … SELECT statements (for paging and count tests that need many rows).
 */
export async function createManyBillsOfLading(
  db: Knex,
  options: { carrierId: number; holderId: number; count: number },
): Promise<{ blPrefix: string }> {
  const prefix = uniqueNumber('MANY', 6);
  const validUntil = addDays(todayInBrussels(), 30);
  await db.raw(
    `with bls as (
       insert into bills_of_lading (carrier_organization_id, bl_number)
       select ?, ? || lpad(i::text, 6, '0') from generate_series(1, ?) i
       returning id, bl_number),
     releases as (
       insert into releases (address, bill_of_lading_id, carrier_organization_id, bl_number,
         container_number, pickup_location, valid_from, valid_until, released_on,
         owner_organization_id)
       select '0x' || substr(md5(random()::text || bls.id), 1, 20) || substr(md5(bls.bl_number), 1, 20),
              bls.id, ?, bls.bl_number, 'MNYU' || lpad((bls.id % 10000000)::text, 7, '0'), '1742',
              ?::date - 30, ?::date, ?::date - 30, ?
         from bls
       returning id, bill_of_lading_id, bl_number, container_number)
     insert into release_parties (release_id, organization_id, position,
       received_from_organization_id, transferred_to_organization_id, transfer_status,
       bill_of_lading_id, valid_until, release_status, search_text, sort_container_number,
       sort_bl_number)
     select r.id, party.organization_id, party.position, party.received_from,
            party.transferred_to, party.status, r.bill_of_lading_id, ?::date, 'released',
            lower(r.bl_number || ' ' || r.container_number || ' 1742'),
            lower(r.container_number), lower(r.bl_number)
       from releases r
       cross join (values (?::int, 0, null::int, ?::int, 'transferred'),
                          (?::int, 1, ?::int, null::int, 'owned'))
         as party(organization_id, position, received_from, transferred_to, status)`,
    [
      options.carrierId,
      prefix,
      options.count,
      options.carrierId,
      validUntil,
      validUntil,
      validUntil,
      options.holderId,
      validUntil,
      options.carrierId,
      options.holderId,
      options.holderId,
      options.carrierId,
    ],
  );
  return { blPrefix: prefix };
}
