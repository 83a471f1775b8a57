import { randomUUID } from 'node:crypto';
import { pcsStateWhileSending, type PcsAction } from '@scr/domain';
import type { Knex } from 'knex';
import { outboxTable } from '../../mail/outbox.ts';
import type { CustodyRelease } from '../custody/custody-releases.ts';

/** The outbox topic of PCS messages (DESIGN §2: side effects that leave the process). */
export const pcsTopic = 'pcs';

/** How long the outbox leaves a new message to the call that applied it. */
const handOverSeconds = 20;

/** What the PCS effects need of the signed call. */
export interface PcsEffectsContext {
  callerOrganizationId: number;
  statementId?: string;
}

/**
 * Releases spec §4 "sending to PCS" (issue 14 item 1: "never half-sent"): in the transaction
 * that records the signed statement, each release takes its in-between state (domain
 * `pcsStateWhileSending`: the sender's row "sending to PCS", or on its way back from it), and
 * one PCS message naming them all is written with an outbox row that delivers it. The PCS is
 * called only after the commit; whatever it answers, or if it never does, the message's
 * delivery (`pcs-delivery.ts`) moves each release on to a clear state.
 */
export async function pcsEffects(
  action: PcsAction,
  trx: Knex.Transaction,
  releases: CustodyRelease[],
  context: PcsEffectsContext,
) {
  const state = pcsStateWhileSending(action);
  const partyIds = releases.map((release) => release.party!.id);
  for (let i = 0; i < partyIds.length; i += 1000) {
    await trx('release_parties')
      .whereIn('id', partyIds.slice(i, i + 1000))
      .update({ transfer_status: state.transferStatus, updated_at: trx.fn.now() });
  }
  const [message] = await trx('pcs_messages')
    .insert({
      message_id: randomUUID(),
      organization_id: context.callerOrganizationId,
      action,
      statement_id: context.statementId,
    })
    .returning('id');
  const rows = releases.map((release) => ({ message_id: message.id, release_id: release.id }));
  for (let i = 0; i < rows.length; i += 1000) {
    await trx('pcs_message_releases').insert(rows.slice(i, i + 1000));
  }
  // The call that applied the action sends the message at once after its commit; the outbox
  // takes over only if that attempt did not get an answer (or the process stopped meanwhile).
  await trx(outboxTable).insert({
    topic: pcsTopic,
    lane: pcsTopic,
    payload: JSON.stringify({ pcsMessageId: String(message.id) }),
    available_at: trx.raw(`now() + interval '${handOverSeconds} seconds'`),
  });
  return {
    releaseChange: { pcs_status: state.pcsStatus, sent_to_pcs: state.sentToPcs },
    messageId: String(message.id),
  };
}
