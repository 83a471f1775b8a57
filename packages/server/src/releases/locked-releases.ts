import { pincodeHash } from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../services/admin-common/db-row.ts';
import type { ReleaseActor } from './release-actor.ts';
import { normaliseReleaseAddress } from './release-address.ts';
import { visibleReleaseIds } from './release-rows.ts';

/** One addressed release of a command: the locked row, or why there is none. */
export interface Addressed {
  /** The address as asked (normalised to EIP-55 when it is one). */
  address: string;
  release?: DbRow;
  error?: string;
}

/**
 * Locks (FOR UPDATE, in id order so that two commands never wait on each other crosswise) the
 * releases the acting carrier created, by address. Anything else (unknown, outside the caller's
 * chain, another carrier's) is `notFound`, so its existence does not leak.
 */
export async function lockCarrierReleases(
  trx: Knex.Transaction,
  actor: ReleaseActor,
  addresses: readonly string[],
): Promise<Addressed[]> {
  const asked = [...new Set(addresses.map((value) => normaliseReleaseAddress(value) ?? value))];
  const rows: DbRow[] = await trx('releases')
    .whereIn('address', asked)
    .orderBy('id')
    .forUpdate()
    .select('*');
  const visible = await visibleReleaseIds(
    trx,
    actor.organizationId,
    rows.map((row) => row.id),
  );
  const byAddress = new Map(rows.map((row) => [row.address as string, row]));
  return asked.map((address) => {
    const release = byAddress.get(address);
    const mine =
      release &&
      visible.has(String(release.id)) &&
      release.carrier_organization_id === actor.organizationId;
    return mine ? { address, release } : { address, error: 'notFound' };
  });
}

/**
 * Why a release can no longer be edited or deleted, as domain refusal codes (`deleted`,
 * `gateOut`) plus `archived`; null when it can.
 */
export function closedReason(release: DbRow): string | null {
  if (release.release_status === 'deleted') return 'deleted';
  if (release.release_status === 'gateout') return 'gateOut';
  if (release.archived_at) return 'archived';
  return null;
}

/** The pincode hashes of an organisation's copies of some releases (DESIGN §3 `pincodeHash`). */
export async function pincodeHashes(
  db: Knex | Knex.Transaction,
  organizationId: number,
  releaseIds: readonly (number | string)[],
): Promise<Map<string, string | null>> {
  const rows = await db('release_pincodes')
    .where({ organization_id: organizationId })
    .whereIn('release_id', releaseIds)
    .select('release_id', 'encrypted_pincode');
  return new Map(
    rows.map((row: DbRow) => [String(row.release_id), pincodeHash(row.encrypted_pincode)]),
  );
}
