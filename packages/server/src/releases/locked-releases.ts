import { pincodeHash, type ReleaseForChange } from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../kit/db-row.ts';
import { appendServerEvents, signServerEvents } from '../ledger/ledger.ts';
import type { ServerKey } from '../ledger/server-key.ts';
import { actorDetails, type ReleaseActor } from './release-actor.ts';
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

/** A locked release row as domain `changeRefusal` looks at it. */
export function releaseForChange(release: DbRow): ReleaseForChange {
  return { releaseStatus: release.release_status, archived: !!release.archived_at };
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

/**
 * The server-signed events of a carrier's edit or delete (DESIGN §3 "Statements and the custody
 * ledger"): one per changed release, over the hash of the carrier's pincode copy, naming the actor
 * and `details` (what changed).
 */
export async function appendActorEvents(
  trx: Knex.Transaction,
  serverKey: ServerKey,
  actor: ReleaseActor,
  operation: 'edit' | 'delete',
  rows: readonly { id: number; address: string; version: number }[],
  details: Record<string, unknown> = {},
): Promise<void> {
  const hashes = await pincodeHashes(
    trx,
    actor.organizationId,
    rows.map((row) => row.id),
  );
  const described = { ...details, ...actorDetails(actor) };
  await appendServerEvents(
    trx,
    signServerEvents(
      serverKey,
      rows.map((row) => ({
        release: { id: row.id, address: row.address, version: row.version },
        operation,
        pincodeHash: hashes.get(String(row.id)) ?? null,
        details: described,
        sourceOrganizationId: actor.organizationId,
        userId: actor.userId,
        actor: actor.label,
      })),
    ),
  );
}
