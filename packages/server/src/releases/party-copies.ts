import { releaseSearchText } from '@scr/domain';
import type { Knex } from 'knex';
import { anyOf } from '../kit/any-of.ts';

/** A release joined with its BL, as far as the party copies need it. */
export interface CopySource {
  id: number | string;
  bill_of_lading_id: number | string;
  valid_until: string;
  release_status: string;
  container_number: string;
  pickup_location: string;
  bl_number: string;
  vessel: string | null;
  voyage_number: string | null;
  stay_number: string | null;
  lloyds_number: string | null;
  agent: string | null;
}

/** Domain `releaseSearchText` of a release and its BL. */
export function searchTextOf(source: CopySource): string {
  return releaseSearchText({
    blNumber: source.bl_number,
    containerNumber: source.container_number,
    vessel: source.vessel,
    voyageNumber: source.voyage_number,
    pickupLocation: source.pickup_location,
    stayNumber: source.stay_number,
    lloydsNumber: source.lloyds_number,
    agent: source.agent,
  });
}

/** A sort key as the overview orders text: case-insensitively (migration 0043). */
const sortKey = (text: string | null) => (text ? text.toLowerCase() : null);

/**
 * The columns every `release_parties` row copies from its release (and BL), so that each
 * party's overview reads its own rows only (see migrations 0010 and 0043).
 */
export function partyCopies(source: CopySource) {
  return {
    bill_of_lading_id: source.bill_of_lading_id,
    valid_until: source.valid_until,
    release_status: source.release_status,
    search_text: searchTextOf(source),
    sort_container_number: sortKey(source.container_number),
    sort_bl_number: sortKey(source.bl_number),
    sort_vessel: sortKey(source.vessel),
  };
}

/** The copied columns and their SQL types, in `partyCopies`' order. */
export const partyCopyColumns = [
  ['bill_of_lading_id', 'bigint'],
  ['valid_until', 'date'],
  ['release_status', 'text'],
  ['search_text', 'text'],
  ['sort_container_number', 'text'],
  ['sort_bl_number', 'text'],
  ['sort_vessel', 'text'],
] as const;

const chunk = 500;

/** Reads the copy sources of some releases. */
export function copySources(db: Knex | Knex.Transaction, releaseIds: readonly (number | string)[]) {
  return db('releases as r')
    .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
    .whereRaw(...anyOf('r.id', releaseIds, 'bigint'))
    .select<CopySource[]>(
      'r.id',
      'r.bill_of_lading_id',
      'r.valid_until',
      'r.release_status',
      'r.container_number',
      'r.pickup_location',
      'bl.bl_number',
      'bl.vessel',
      'bl.voyage_number',
      'bl.stay_number',
      'bl.lloyds_number',
      'bl.agent',
    );
}

/**
 * Brings the copied columns of every party row of these releases in step with the releases and
 * their BLs. Every command that changes a release (or its BL) calls this in its transaction.
 */
export async function refreshPartyCopies(
  trx: Knex.Transaction,
  releaseIds: readonly (number | string)[],
): Promise<void> {
  const ids = [...new Set(releaseIds.map(String))];
  for (let i = 0; i < ids.length; i += chunk) {
    const sources = await copySources(trx, ids.slice(i, i + chunk));
    if (sources.length === 0) continue;
    const bindings = sources.flatMap((source) => {
      const copies = partyCopies(source);
      return [source.id, ...partyCopyColumns.map(([column]) => copies[column])];
    });
    const row = `(?::bigint, ${partyCopyColumns.map(([, type]) => `?::${type}`).join(', ')})`;
    const names = partyCopyColumns.map(([column]) => column);
    await trx.raw(
      `update release_parties p
          set ${names.map((name) => `${name} = v.${name}`).join(', ')}, updated_at = now()
         from (values ${sources.map(() => row).join(', ')})
           as v(release_id, ${names.join(', ')})
        where p.release_id = v.release_id`,
      bindings,
    );
  }
}
