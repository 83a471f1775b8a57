import {
  pcsReportLine,
  type CustodyApplyRequest,
  type PcsAction,
  type PcsDryRunAnswer,
  type PcsReportLine,
  type PcsResult,
} from '@scr/domain';
import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';
import {
  applyVerified,
  custodyDryRun,
  verifyCustody,
  type CustodyCaller,
  type CustodyOutcome,
} from '../custody/custody-command.ts';

/**
 * Releases spec §2 "Transfer to PCS and Revoke from PCS (non-carrier whose organisation is
 * connected to the PCS)": carriers and terminals are refused by domain `custodyPermission`;
 * an organisation not connected to the PCS here.
 */
export async function assertConnectedToPcs(db: Knex | Knex.Transaction, caller: CustodyCaller) {
  const organization = await db('organizations')
    .where({ id: caller.organizationId })
    .first('is_connected_to_cpoint');
  if (!organization?.is_connected_to_cpoint) throw appError('pcs_not_connected');
}

/**
 * The first call (releases spec §7 `PUT releases/pcs/*` with `dryRun: true`): the custody dry
 * run with the PCS rules of §4 (already transferred, terminal has no PCS, send-status conflict,
 * not available in PCS; not owned, not in the chain), and the spec's `errors` beside `refused`.
 */
export async function pcsDryRun(
  db: Knex,
  action: PcsAction,
  caller: CustodyCaller,
  addresses: readonly string[],
): Promise<PcsDryRunAnswer> {
  await assertConnectedToPcs(db, caller);
  const answer = await custodyDryRun(db, action, caller, addresses);
  return { ...answer, errors: answer.refused };
}

/**
 * The second call, in the caller's transaction: the custody checks (`verifyCustody`: signed by
 * the caller's organisation, exactly these releases at these versions, each still eligible),
 * then the effects (`pcs-effects.ts`): the in-between state and the PCS message with its
 * outbox row, a ledger event per release referring to the signed statement. All or nothing;
 * the PCS is called after the commit. Answers the outcome and the message to deliver.
 */
export async function applyPcs(
  trx: Knex.Transaction,
  action: PcsAction,
  caller: CustodyCaller,
  request: CustodyApplyRequest,
): Promise<CustodyOutcome & { pcsMessageId: string }> {
  await assertConnectedToPcs(trx, caller);
  const verified = await verifyCustody(trx, action, caller, request);
  const outcome = await applyVerified(trx, verified);
  const message = await trx('pcs_messages')
    .where({ statement_id: verified.statement.id })
    .first('id');
  return { ...outcome, pcsMessageId: String(message.id) };
}

/**
 * A PCS action's report as it stands (releases spec §7 "a per-release report of successes and
 * errors", §8 "PCS operations show successes and errors"): per release, done, refused with
 * why, or still pending. Only the organisation that signed it reads it; any other: not found.
 */
export async function pcsReport(
  db: Knex | Knex.Transaction,
  organizationId: number,
  by: { pcsMessageId: string } | { statementHash: string },
): Promise<{ action: PcsAction; statementHash: string; report: PcsReportLine[] }> {
  const message = await db('pcs_messages as m')
    .join('ledger_statements as s', 's.id', 'm.statement_id')
    .where('m.organization_id', organizationId)
    .modify((query) =>
      'pcsMessageId' in by
        ? query.where('m.id', by.pcsMessageId)
        : query.where('s.hash', by.statementHash),
    )
    .first('m.id', 'm.action', 's.hash');
  if (!message) throw appError('not_found');
  const rows: {
    address: string;
    bl_number: string;
    container_number: string;
    result: PcsResult | null;
    reason: string | null;
    message: string | null;
  }[] = await db('pcs_message_releases as m')
    .join('releases as r', 'r.id', 'm.release_id')
    .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
    .where('m.message_id', message.id)
    .orderBy('r.id')
    .select('r.address', 'bl.bl_number', 'r.container_number', 'm.result', 'm.reason', 'm.message');
  return {
    action: message.action,
    statementHash: message.hash,
    report: rows.map((row) =>
      pcsReportLine(
        { address: row.address, blNumber: row.bl_number, containerNumber: row.container_number },
        { result: row.result, reason: row.reason, message: row.message },
      ),
    ),
  };
}
