import { pcsStateAfter, type PcsAction, type PcsResult } from '@scr/domain';
import type { Knex } from 'knex';
import {
  PcsRejectedError,
  PcsUnavailableError,
  type PcsAdapter,
  type PcsMessage,
  type PcsReleaseAnswer,
} from '../../adapters/pcs/pcs-adapter.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { appendServerEvents, signServerEvents } from '../../ledger/ledger.ts';
import type { LanePolicy, OutboxTopics } from '../../outbox/lane-policy.ts';
import type { ServerKey } from '../../ledger/server-key.ts';
import { releaseNotices, type ReleaseNotices } from '../release-notices.ts';
import { pcsTopic } from './pcs-effects.ts';

/** What delivering a PCS message needs: the database, the PCS, the server's key, the live path. */
export interface PcsDeliveryDeps {
  knex: Knex;
  pcs: PcsAdapter | null;
  serverKey: ServerKey;
  /** Publishes notices after a commit (release-notices.ts `publishNotices`). */
  publish: (notices: ReleaseNotices) => void;
  /** After this many attempts a PCS that never answered counts as unavailable. */
  maxAttempts?: number;
}

/** How long one attempt holds a message against a second deliverer (the PCS timeout and more). */
const leaseSeconds = 330;
export const defaultMaxPcsAttempts = 6;

/** What became of one attempt. */
export type DeliveryOutcome = 'answered' | 'done' | 'retry' | 'busy';

/** One release of a message, with what the PCS is told of it. */
interface MessageRelease extends DbRow {
  release_id: string;
}

/**
 * Delivers one PCS message (issue 14 item 1: "a PCS that is down, slow or answering errors
 * leaves each release in a clear, retryable state, never half-sent"): leases it (so the
 * outbox worker and the call that applied the action never both send it), sends it with its
 * one `messageId`, then records in one transaction per release what the PCS answered (domain
 * `pcsStateAfter`), with a server-signed `pcsAnswer` ledger event and the chain told live.
 * A PCS that cannot be reached leaves the message pending (`retry`, the outbox tries again with
 * back-off) until the last attempt, which puts every release back where it was (`failed`).
 * A message answered before is `done`; one being sent by another attempt right now is `busy`.
 */
export async function deliverPcsMessage(
  deps: PcsDeliveryDeps,
  pcsMessageId: string,
): Promise<DeliveryOutcome> {
  const { knex } = deps;
  const claimed: DbRow | undefined = await inTransaction(knex, async (trx) => {
    const [row] = await trx('pcs_messages')
      .where({ id: pcsMessageId })
      .where((query) =>
        query
          .where('status', 'pending')
          .orWhere((leased) =>
            leased.where('status', 'delivering').where('lease_until', '<', trx.fn.now()),
          ),
      )
      .update({
        status: 'delivering',
        attempts: trx.raw('attempts + 1'),
        lease_until: trx.raw(`now() + interval '${leaseSeconds} seconds'`),
      })
      .returning('*');
    return row;
  });
  if (!claimed) {
    const message = await knex('pcs_messages').where({ id: pcsMessageId }).first('status');
    return !message || message.status === 'done' ? 'done' : 'busy';
  }
  const releases = await messageReleases(knex, claimed.id);
  let answers: PcsReleaseAnswer[] | null = null;
  let failure: { result: PcsResult; message: string } | null = null;
  try {
    if (!deps.pcs) throw new PcsUnavailableError('no PCS is configured');
    if (releases.length > 0)
      answers = await deps.pcs.send(await pcsMessage(knex, claimed, releases));
    else answers = [];
  } catch (error) {
    const message = error instanceof Error ? error.message : 'the PCS failed';
    if (error instanceof PcsRejectedError) failure = { result: 'refused', message };
    else if (claimed.attempts >= (deps.maxAttempts ?? defaultMaxPcsAttempts)) {
      failure = { result: 'failed', message };
    } else {
      await knex('pcs_messages')
        .where({ id: claimed.id })
        .update({ status: 'pending', lease_until: null, last_error: message.slice(0, 500) });
      return 'retry';
    }
  }
  const byAddress = new Map(
    (answers ?? []).map((answer) => [answer.address.toLowerCase(), answer]),
  );
  const notices = await inTransaction(knex, (trx) =>
    recordAnswers(trx, deps.serverKey, claimed, releases, (release) => {
      const answer = byAddress.get(String(release.address).toLowerCase());
      if (!answer) {
        return {
          result: failure!.result,
          reason: null,
          message: failure!.message,
          reference: null,
        };
      }
      return {
        result: answer.status,
        reason: answer.status === 'refused' ? (answer.code ?? null) : null,
        message: answer.message ?? null,
        reference: answer.reference ?? null,
      };
    }),
  );
  deps.publish(notices);
  return 'answered';
}

/** The releases of a message not answered yet, with what the PCS is told of each. */
async function messageReleases(db: Knex | Knex.Transaction, messageId: string) {
  const rows: MessageRelease[] = await db('pcs_message_releases as m')
    .join('releases as r', 'r.id', 'm.release_id')
    .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
    .where('m.message_id', messageId)
    .whereNull('m.result')
    .orderBy('r.id')
    .select(
      'm.release_id',
      'r.address',
      'bl.bl_number',
      'r.container_number',
      'r.pickup_location',
      'r.edi_name',
      'r.edi_locode',
      'r.valid_from',
      'r.valid_until',
    );
  return rows;
}

async function pcsMessage(
  db: Knex,
  message: DbRow,
  releases: readonly MessageRelease[],
): Promise<PcsMessage> {
  const sender = await db('organizations')
    .where({ id: message.organization_id })
    .first('address', 'name');
  const statement = await db('ledger_statements')
    .where({ id: message.statement_id })
    .first('statement', 'signature');
  return {
    messageId: message.message_id,
    action: message.action === 'transferToPcs' ? 'transfer' : 'revoke',
    sender: { address: sender.address, name: sender.name },
    statement: statement.statement,
    signature: statement.signature,
    releases: releases.map((release) => ({
      address: release.address,
      blNumber: release.bl_number,
      containerNumber: release.container_number,
      terminal: release.pickup_location,
      ediName: release.edi_name ?? null,
      ediLocode: release.edi_locode ?? null,
      validFrom: release.valid_from,
      validUntil: release.valid_until,
    })),
  };
}

interface ReleaseAnswer {
  result: PcsResult;
  reason: string | null;
  message: string | null;
  reference: string | null;
}

/**
 * Records what the PCS answered for each release of the message, with the releases locked:
 * the answer row, the release's PCS state and the sender's transfer status (domain
 * `pcsStateAfter`), version + 1, a server-signed `pcsAnswer` event; the message is done.
 */
async function recordAnswers(
  trx: Knex.Transaction,
  serverKey: ServerKey,
  message: DbRow,
  releases: readonly MessageRelease[],
  answerOf: (release: MessageRelease) => ReleaseAnswer,
): Promise<ReleaseNotices> {
  const action = message.action as PcsAction;
  const ids = releases.map((release) => release.release_id);
  const locked: DbRow[] = ids.length
    ? await trx('releases').whereIn('id', ids).orderBy('id').forUpdate().select('id', 'address')
    : [];
  const events = [];
  for (const row of locked) {
    const release = releases.find((r) => String(r.release_id) === String(row.id))!;
    const answer = answerOf(release);
    const state = pcsStateAfter(action, answer.result, answer.reason);
    await trx('pcs_message_releases').where({ message_id: message.id, release_id: row.id }).update({
      result: answer.result,
      reason: answer.reason,
      message: answer.message,
      pcs_reference: answer.reference,
      answered_at: trx.fn.now(),
    });
    const [updated] = await trx('releases')
      .where({ id: row.id })
      .update({
        pcs_status: state.pcsStatus,
        sent_to_pcs: state.sentToPcs,
        pcs_reference: state.pcsStatus === 'sent' ? answer.reference : null,
        version: trx.raw('version + 1'),
        updated_at: trx.fn.now(),
      })
      .returning(['id', 'address', 'version']);
    await trx('release_parties')
      .where({ release_id: row.id, organization_id: message.organization_id, active: true })
      .whereIn('transfer_status', ['sendingToPcs', 'sentToPcs'])
      .update({ transfer_status: state.transferStatus, updated_at: trx.fn.now() });
    events.push({
      release: { id: updated.id, address: updated.address, version: updated.version },
      operation: 'pcsAnswer' as const,
      pincodeHash: null,
      details: {
        action,
        pcsResult: answer.result,
        ...(answer.reason ? { reason: answer.reason } : {}),
        ...(answer.message ? { message: answer.message } : {}),
        ...(answer.reference ? { reference: answer.reference } : {}),
      },
      sourceOrganizationId: message.organization_id,
      actor: 'system',
    });
  }
  if (events.length > 0) await appendServerEvents(trx, signServerEvents(serverKey, events));
  await trx('pcs_messages')
    .where({ id: message.id })
    .update({ status: 'done', lease_until: null, completed_at: trx.fn.now() });
  return releaseNotices(trx, ids, 'pcsAnswer');
}

/**
 * The outbox handler of PCS messages (DESIGN §2): delivers one; a message the PCS has not
 * answered yet, or that another attempt is sending right now, throws so the outbox tries again
 * later with back-off.
 */
export function pcsOutboxHandler(deps: () => PcsDeliveryDeps) {
  return async (payload: { pcsMessageId: string }) => {
    const outcome = await deliverPcsMessage(deps(), String(payload.pcsMessageId));
    if (outcome === 'retry')
      throw new Error('the PCS did not answer; the message is sent again later');
    if (outcome === 'busy') throw new Error('the PCS message is being sent by another attempt');
  };
}

/**
 * The PCS lane (issue 42 item 6): one message at a time, because messages about one release
 * must reach the PCS in the order they were sent (a transfer before its revoke), and one message
 * carries up to 10,000 releases; a try lasts the PCS timeout (PCS_TIMEOUT_MS) and 20 s for
 * recording the answers, signed events included; a message that is not answered goes back to
 * its releases' earlier state after `defaultMaxPcsAttempts` tries (`deliverPcsMessage`), well
 * within the lane's 10.
 */
export const pcsLanePolicy = (pcsTimeoutMs: number): LanePolicy => ({
  concurrency: 1,
  timeoutMs: pcsTimeoutMs + 20_000,
  maxAttempts: 10,
  backoffBaseMs: 10_000,
  backoffCapMs: 1_800_000,
});

/** The outbox topic of PCS messages. */
export const pcsTopics = (deps: () => PcsDeliveryDeps, pcsTimeoutMs: number): OutboxTopics => ({
  [pcsTopic]: { handle: pcsOutboxHandler(deps), policy: pcsLanePolicy(pcsTimeoutMs) },
});
