import type { Params } from '@feathersjs/feathers';
import type { AssignmentCheck, AssignmentInfo, CustodyApplyAnswer, Features } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import {
  applyAssignment,
  assignmentDryRun,
  type AssignmentAction,
  type AssignmentCaller,
  type AssignmentDryRunAnswer,
} from '../../releases/assignment/assignment-command.ts';
import { assignmentCheck, assignmentInfo } from '../../releases/assignment/assignment-info.ts';
import { publishNotices } from '../../releases/release-notices.ts';
import { custodyCallerOf } from '../custody/custody.class.ts';
import type {
  AssignmentApplyBody,
  AssignmentDryRunBody,
  AssignmentQueryBody,
} from './assignment.schema.ts';

/** The person or system acting, with every feature flag (the tabs' gates, releases spec §6). */
function assignmentCallerOf(params: Params): AssignmentCaller {
  const caller = custodyCallerOf(params);
  return { ...caller, features: (params.user?.features ?? params.apiKey!.features) as Features };
}

/** The releases a body names, by the spec's `releaseAddresses` or the custody `release_addresses`. */
function named<T>(data: { releaseAddresses?: T[]; release_addresses?: T[] }): T[] {
  const list = data.releaseAddresses ?? data.release_addresses;
  if (!list || list.length === 0) throw appError('no_release_selected');
  return list;
}

/** `PUT releases/assignment/info` (releases spec §7): `update` without an id. */
export class AssignmentInfoService {
  constructor(private readonly app: Application) {}

  async update(_id: null, data: AssignmentQueryBody, params: Params = {}): Promise<AssignmentInfo> {
    return assignmentInfo(this.app.get('knex'), assignmentCallerOf(params), named(data));
  }
}

/** `PUT releases/assignment/check` (releases spec §7): `update` without an id. */
export class AssignmentCheckService {
  constructor(private readonly app: Application) {}

  async update(
    _id: null,
    data: AssignmentQueryBody,
    params: Params = {},
  ): Promise<AssignmentCheck> {
    return assignmentCheck(this.app.get('knex'), assignmentCallerOf(params), named(data));
  }
}

/**
 * `PUT releases/assignment/assign` and `/unassign` (releases spec §7; DESIGN §3 "Secure
 * pick-up"): with `dryRun: true` what would change, else the signed statement applied in one
 * transaction, then the chain told live.
 */
export class AssignmentService {
  constructor(
    private readonly app: Application,
    private readonly action: AssignmentAction,
  ) {}

  async update(
    _id: null,
    data: AssignmentDryRunBody | AssignmentApplyBody,
    params: Params = {},
  ): Promise<AssignmentDryRunAnswer | CustodyApplyAnswer> {
    const caller = assignmentCallerOf(params);
    const knex = this.app.get('knex');
    const { type, identification, identificationType, visitNumber } = data;
    const assignee =
      this.action === 'assign' ? { type, identification, identificationType, visitNumber } : {};
    if (data.dryRun) {
      return assignmentDryRun(knex, this.action, caller, named<string>(data), assignee);
    }
    // The second call sends back the dry run's salt of the identification's commitment.
    const salt =
      this.action === 'assign' && data.identificationSalt
        ? { identificationSalt: data.identificationSalt }
        : {};
    const apply = data as AssignmentApplyBody;
    const outcome = await inTransaction(knex, (trx) =>
      applyAssignment(
        trx,
        this.action,
        caller,
        {
          release_addresses: named(apply),
          statement: apply.statement,
          signature: apply.signature,
          ...assignee,
          ...salt,
        },
        { portalUrl: this.app.get('config')?.publicUrl ?? null },
      ),
    );
    publishNotices(this.app, outcome.notices);
    return { action: this.action, applied: outcome.applied, statementHash: outcome.statementHash };
  }
}
