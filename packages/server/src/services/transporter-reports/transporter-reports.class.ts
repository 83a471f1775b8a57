import type { Params } from '@feathersjs/feathers';
import {
  mayReadSuccessReport,
  reportPeriodStart,
  successOverview,
  type FailedCheck,
  type SuccessReport,
  type SuccessReportQuery,
} from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';

/** The failed checks listed at most (newest first); the overview counts them all. */
export const maxFailedChecks = 500;

/**
 * The assignment success report (access spec §2 "Assignment success report", §7; releases spec
 * §3 "Assignment"): the gate checks of the releases the caller's organisation had assigned
 * (`gate_checks.assigned_organization_id`) within the period, counted (domain
 * `successOverview`), and the failed ones with checked value, assigned value, time and reason.
 */
export class TransporterReportsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<SuccessReport> {
    const user = params.user;
    if (!user) throw appError('not_authenticated');
    if (!mayReadSuccessReport(user.organizationRole, user.features)) {
      throw appError('forbidden', {
        message: 'The success report is for transport organisations that assign.',
      });
    }
    const query = (params.query ?? {}) as SuccessReportQuery;
    const start = reportPeriodStart(query.operationAt ?? 'all');
    const checks = this.app
      .get('knex')('gate_checks as g')
      .where('g.assigned_organization_id', user.organizationId)
      .modify((q) => {
        if (start) q.where('g.checked_at', '>=', start.toISOString());
      });
    const [counts] = await checks
      .clone()
      .select(
        this.app.get('knex').raw('count(*) filter (where g.allowed) as allowed'),
        this.app.get('knex').raw('count(*) filter (where not g.allowed) as refused'),
      );
    const overview = successOverview({
      succeeded: Number(counts?.allowed ?? 0),
      failed: Number(counts?.refused ?? 0),
    });
    const failed: DbRow[] = await checks
      .clone()
      .where('g.allowed', false)
      .join('releases as r', 'r.id', 'g.release_id')
      .orderBy([
        { column: 'g.checked_at', order: 'desc' },
        { column: 'g.id', order: 'desc' },
      ])
      .limit(maxFailedChecks)
      .select(
        'r.address',
        'r.bl_number',
        'g.container_number',
        'g.checked_value',
        'g.assigned_value',
        'g.checked_at',
        'g.reason',
      );
    return {
      overview,
      checkFailed: failed.map((row): FailedCheck => ({
        releaseAddress: row.address,
        blNumber: row.bl_number,
        containerNumber: row.container_number,
        checkedValue: row.checked_value,
        assignedValue: row.assigned_value ?? null,
        checkedAt: new Date(row.checked_at).toISOString(),
        reason: row.reason,
      })),
    };
  }
}
