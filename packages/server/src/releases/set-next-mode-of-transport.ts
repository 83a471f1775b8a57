import {
  callerFacts,
  nmotRefusal,
  refusalMessages,
  type ModeOfTransport,
  type NmotAnswer,
  type RefusalReason,
} from '@scr/domain';
import type { Knex } from 'knex';
import { appendServerEvents, signServerEvents } from '../ledger/ledger.ts';
import type { ServerKey } from '../ledger/server-key.ts';
import { loadCustodyReleases } from './custody/custody-releases.ts';
import type { ReleaseActor } from './release-actor.ts';

/**
 * Releases spec §7 `nmots` create: sets the next mode of transport of the caller's releases in
 * the caller's transaction, each locked. Only the owner in the chain sets it (domain
 * `nmotRefusal`); a release the caller never held answers `notFound`, so its existence does not
 * leak (DESIGN §3 "Tenancy"). Not a custody action: no pincode moves and the version stays,
 * but the state the ledger projects changes, so each release that changes gets a server-signed
 * `nextModeOfTransport` event naming the actor (docs/ledger.md, "State is a projection of the
 * ledger"); setting the mode a release already has records nothing.
 */
export async function setNextModeOfTransport(
  trx: Knex.Transaction,
  serverKey: ServerKey,
  actor: ReleaseActor,
  addresses: readonly string[],
  modeOfTransport: ModeOfTransport,
): Promise<NmotAnswer> {
  const organizationId = actor.organizationId;
  const found = await loadCustodyReleases(trx, organizationId, addresses, { lock: true });
  const answer: NmotAnswer = { modeOfTransport, applied: [], refused: [] };
  const changed: { id: string; address: string; version: number }[] = [];
  for (const { address, release } of found) {
    const reason: RefusalReason | null = release
      ? nmotRefusal(callerFacts(release, organizationId))
      : 'notFound';
    if (reason) {
      answer.refused.push({ address, reason, error: refusalMessages[reason] });
      continue;
    }
    if (release!.nextModeOfTransport !== modeOfTransport) {
      changed.push({ id: release!.id, address: release!.address, version: release!.version });
    }
    answer.applied.push({
      address: release!.address,
      blNumber: release!.blNumber,
      containerNumber: release!.containerNumber,
    });
  }
  const ids = changed.map((release) => release.id);
  for (let i = 0; i < ids.length; i += 1000) {
    await trx('releases')
      .whereIn('id', ids.slice(i, i + 1000))
      .update({ next_mode_of_transport: modeOfTransport, updated_at: trx.fn.now() });
  }
  if (changed.length > 0) {
    await appendServerEvents(
      trx,
      signServerEvents(
        serverKey,
        changed.map((release) => ({
          release,
          operation: 'nextModeOfTransport' as const,
          pincodeHash: null,
          details: { modeOfTransport },
          sourceOrganizationId: organizationId,
          userId: actor.userId,
          actor: actor.label,
        })),
      ),
    );
  }
  return answer;
}
