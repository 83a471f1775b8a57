import type { Knex } from 'knex';
import type { CommandOutcome } from './edit-releases.ts';
import { appendEvents, serverStatement } from './ledger.ts';
import { closedReason, lockCarrierReleases, pincodeHashes } from './locked-releases.ts';
import { refreshPartyCopies } from './party-copies.ts';
import { actorDetails, type ReleaseActor } from './release-actor.ts';
import type { ServerKey } from './server-key.ts';

/**
 * Releases spec §6 "delete releases": the acting carrier's releases become `deleted` (never a
 * hard delete: the ledger and the chain stay), version + 1, a `delete` event signed by the
 * server's key, every party row's copies follow. Already deleted, picked-up or archived ones
 * are refused.
 */
export async function deleteReleases(
  trx: Knex.Transaction,
  serverKey: ServerKey,
  actor: ReleaseActor,
  addresses: readonly string[],
): Promise<CommandOutcome[]> {
  const addressed = await lockCarrierReleases(trx, actor, addresses);
  const outcomes: CommandOutcome[] = addressed.map(({ address, release, error }) => {
    if (!release) return { address, error };
    const closed = closedReason(release);
    return closed ? { address, error: closed } : { address, id: String(release.id) };
  });
  const ids = outcomes.flatMap((outcome) => (outcome.id ? [outcome.id] : []));
  if (ids.length === 0) return outcomes;
  const updated = await trx('releases')
    .whereIn('id', ids)
    .update({
      release_status: 'deleted',
      version: trx.raw('version + 1'),
      updated_at: trx.fn.now(),
    })
    .returning(['id', 'address', 'version']);
  await refreshPartyCopies(trx, ids);
  const hashes = await pincodeHashes(trx, actor.organizationId, ids);
  const details = actorDetails(actor);
  await appendEvents(
    trx,
    updated.map((row) => ({
      release: { id: row.id, address: row.address, version: row.version },
      operation: 'delete' as const,
      ...serverStatement(serverKey, {
        action: 'delete',
        releases: [
          {
            address: row.address,
            version: row.version,
            pincodeHash: hashes.get(String(row.id)) ?? null,
          },
        ],
        details,
      }),
      sourceOrganizationId: actor.organizationId,
      userId: actor.userId,
      actor: actor.label,
      description: details,
    })),
  );
  return outcomes;
}
