import type { Id, Params } from '@feathersjs/feathers';
import type {
  PcsAction,
  PcsApplyAnswer,
  PcsApplyRequest,
  PcsDryRunAnswer,
  PcsDryRunRequest,
  PcsReportAnswer,
} from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import { deliverPcsMessage } from '../../releases/pcs/pcs-delivery.ts';
import { applyPcs, pcsDryRun, pcsReport } from '../../releases/pcs/pcs-command.ts';
import { publishNotices } from '../../releases/release-notices.ts';
import { custodyCallerOf } from '../custody/custody.class.ts';
import { pcsDeliveryDeps } from './pcs-delivery-deps.ts';

/** The releases a body names, by the spec's `releaseAddresses` or the custody `release_addresses`. */
function named<T>(data: { releaseAddresses?: T[]; release_addresses?: T[] }): T[] {
  const list = data.releaseAddresses ?? data.release_addresses;
  if (!list || list.length === 0) throw appError('no_release_selected');
  return list;
}

/**
 * `PUT releases/pcs/transferToPcs` and `revokeFromPcs` (releases spec §7; issue 14 item 1): with
 * `dryRun: true` what would go to (or come back from) the PCS and what is refused; else the
 * signed statement applied in one transaction (the releases "sending to PCS", the message
 * recorded), the chain told live, then the message sent to the PCS at once. Answers the
 * per-release report: done, refused with why, or pending (the PCS did not answer in time; the
 * outbox sends it again).
 */
export class PcsService {
  constructor(
    private readonly app: Application,
    private readonly action: PcsAction,
  ) {}

  async update(
    _id: null,
    data: PcsDryRunRequest | PcsApplyRequest,
    params: Params = {},
  ): Promise<PcsDryRunAnswer | PcsApplyAnswer> {
    const caller = custodyCallerOf(params);
    const knex = this.app.get('knex');
    if (!this.app.get('pcs')?.adapter) throw appError('pcs_not_configured');
    if (data.dryRun) return pcsDryRun(knex, this.action, caller, named<string>(data));
    const apply = data as PcsApplyRequest;
    const outcome = await inTransaction(knex, (trx) =>
      applyPcs(trx, this.action, caller, {
        release_addresses: named(apply),
        statement: apply.statement,
        signature: apply.signature,
      }),
    );
    publishNotices(this.app, outcome.notices);
    try {
      await deliverPcsMessage(pcsDeliveryDeps(this.app), outcome.pcsMessageId);
    } catch (error) {
      // The message stays pending: the outbox sends it (the report says "pending").
      this.app.get('logger').warn({ err: error }, 'pcs: first delivery failed');
    }
    const { report } = await pcsReport(knex, caller.organizationId, {
      pcsMessageId: outcome.pcsMessageId,
    });
    return {
      action: this.action,
      applied: outcome.applied,
      statementHash: outcome.statementHash,
      report,
    };
  }
}

/** `GET releases/pcs/reports/{statementHash}` (§8): the report of a PCS action, as it stands. */
export class PcsReportsService {
  constructor(private readonly app: Application) {}

  async get(id: Id, params: Params = {}): Promise<PcsReportAnswer> {
    const caller = custodyCallerOf(params);
    const hash = String(id);
    if (!/^0x[0-9a-f]{64}$/i.test(hash)) throw appError('not_found');
    return pcsReport(this.app.get('knex'), caller.organizationId, {
      statementHash: hash.toLowerCase(),
    });
  }
}
