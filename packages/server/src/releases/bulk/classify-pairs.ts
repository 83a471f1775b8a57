import {
  classifyBulkPair,
  normalizeBulkPair,
  todayInBrussels,
  type BulkPair,
  type BulkReleaseFacts,
  type ClassifiedPair,
  type IsoDate,
} from '@scr/domain';
import type { Knex } from 'knex';

interface MatchRow {
  n: string | number;
  address: string;
  owner_organization_id: number;
  release_status: BulkReleaseFacts['releaseStatus'];
  valid_until: string;
  transfer_status: BulkReleaseFacts['transferStatus'];
  pincode_fetched: boolean;
}

/**
 * Releases spec §4 "Bulk classification of uploaded BL + container pairs", for the caller's
 * organisation, in one query however many pairs (up to 10,000): each pair finds the releases
 * of that BL and container (case-insensitively, the container through
 * `releases_container_number_upper`) on which the organisation has an active row in the chain;
 * anything else is "not found or not owned", so no other organisation's release is revealed
 * (DESIGN §3 "Tenancy"). When several match (a BL number two carriers use), the one the
 * organisation holds comes first, then the newest. Domain `classifyBulkPair` decides the class.
 */
export async function classifyPairs(
  db: Knex | Knex.Transaction,
  organizationId: number,
  asked: readonly BulkPair[],
  today: IsoDate = todayInBrussels(),
): Promise<ClassifiedPair[]> {
  const pairs = asked.map((pair) => normalizeBulkPair(pair.blNumber, pair.containerNumber));
  if (pairs.length === 0) return [];
  const { rows } = (await db.raw(
    `select distinct on (p.n) p.n, r.address, r.owner_organization_id, r.release_status,
            to_char(r.valid_until, 'YYYY-MM-DD') as valid_until, rp.transfer_status,
            exists (select 1 from release_events e
                     where e.release_id = r.id and e.operation = 'pincode') as pincode_fetched
       from unnest(?::text[], ?::text[]) with ordinality as p(bl, container, n)
       join releases r on upper(r.container_number) = p.container and upper(r.bl_number) = p.bl
       join release_parties rp
         on rp.release_id = r.id and rp.organization_id = ? and rp.active
      order by p.n, (r.owner_organization_id = ?) desc, r.id desc`,
    [
      pairs.map((pair) => pair.blNumber),
      pairs.map((pair) => pair.containerNumber),
      organizationId,
      organizationId,
    ],
  )) as { rows: MatchRow[] };
  const found = new Map(rows.map((row) => [Number(row.n) - 1, row]));
  return pairs.map((pair, index) => {
    const row = found.get(index);
    const facts: BulkReleaseFacts | null = row
      ? {
          ownerOrganizationId: row.owner_organization_id,
          releaseStatus: row.release_status,
          validUntil: row.valid_until,
          transferStatus: row.transfer_status,
          pincodeFetched: row.pincode_fetched,
        }
      : null;
    return {
      ...pair,
      bulkClass: classifyBulkPair(facts, organizationId, today),
      address: row?.address ?? null,
    };
  });
}
