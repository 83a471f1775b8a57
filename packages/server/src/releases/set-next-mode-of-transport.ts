import {
  callerFacts,
  nmotRefusal,
  refusalMessages,
  type ModeOfTransport,
  type NmotAnswer,
  type RefusalReason,
} from '@scr/domain';
import type { Knex } from 'knex';
import { loadCustodyReleases } from './custody/custody-releases.ts';

/**
 * Releases spec §7 `nmots` create: sets the next mode of transport of the caller's releases in
 * the caller's transaction, each locked. Only the owner in the chain sets it (domain
 * `nmotRefusal`); a release the caller never held answers `notFound`, so its existence does not
 * leak (DESIGN §3 "Tenancy"). Not a custody action: no pincode moves, so no signed statement
 * and no new version.
 */
export async function setNextModeOfTransport(
  trx: Knex.Transaction,
  organizationId: number,
  addresses: readonly string[],
  modeOfTransport: ModeOfTransport,
): Promise<NmotAnswer> {
  const found = await loadCustodyReleases(trx, organizationId, addresses, { lock: true });
  const answer: NmotAnswer = { modeOfTransport, applied: [], refused: [] };
  const ids: string[] = [];
  for (const { address, release } of found) {
    const reason: RefusalReason | null = release
      ? nmotRefusal(callerFacts(release, organizationId))
      : 'notFound';
    if (reason) {
      answer.refused.push({ address, reason, error: refusalMessages[reason] });
      continue;
    }
    ids.push(release!.id);
    answer.applied.push({
      address: release!.address,
      blNumber: release!.blNumber,
      containerNumber: release!.containerNumber,
    });
  }
  for (let i = 0; i < ids.length; i += 1000) {
    await trx('releases')
      .whereIn('id', ids.slice(i, i + 1000))
      .update({ next_mode_of_transport: modeOfTransport, updated_at: trx.fn.now() });
  }
  return answer;
}
