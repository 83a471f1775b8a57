import { changeRefusal } from '@scr/domain';
import type { Knex } from 'knex';
import { enqueueReleaseUpdateMails } from '../mail/release-mails.ts';
import type { CommandOutcome } from './edit-releases.ts';
import { appendActorEvents, lockCarrierReleases, releaseForChange } from './locked-releases.ts';
import { refreshPartyCopies } from './party-copies.ts';
import type { ReleaseActor } from './release-actor.ts';
import type { ServerKey } from '../ledger/server-key.ts';

/**
 * Releases spec §6 "delete releases": the acting carrier's releases become `deleted` (never a
 * hard delete: the ledger and the chain stay), version + 1, a `delete` event signed by the
 * server's key, every party row's copies follow, the chain's update e-mail is queued. Already deleted, picked-up or archived ones
 * are refused.
 */
export async function deleteReleases(
  trx: Knex.Transaction,
  serverKey: ServerKey,
  actor: ReleaseActor,
  addresses: readonly string[],
  options: { portalUrl?: string | null } = {},
): Promise<CommandOutcome[]> {
  const addressed = await lockCarrierReleases(trx, actor, addresses);
  const outcomes: CommandOutcome[] = addressed.map(({ address, release, error }) => {
    if (!release) return { address, error };
    const closed = changeRefusal('delete', releaseForChange(release));
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
  await appendActorEvents(trx, serverKey, actor, 'delete', updated);
  await enqueueReleaseUpdateMails(
    trx,
    { action: 'delete', actorOrganizationId: actor.organizationId, releaseIds: ids },
    options.portalUrl,
  );
  return outcomes;
}
