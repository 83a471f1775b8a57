import type { Params } from '@feathersjs/feathers';
import { dashboardHorizon, dashboardItems, todayInBrussels } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { listOf } from '../../overview/overview-criteria.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import { normaliseReleaseAddress } from '../../releases/release-address.ts';
import { dashboardCounts } from './dashboard-counts.ts';
import type { DashboardAnswer } from './dashboard.shared.ts';

/**
 * `dashboard` find (releases spec §2, §3 "Dashboard item", §7): the caller's organisation's
 * releases counted per chart field in SQL over its own party rows, as domain `dashboardItems`.
 * `addresses` counts only those (one not in the caller's chain is not counted, never an error).
 */
export class DashboardService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<DashboardAnswer> {
    const actor = releaseActorOf(params);
    const knex = this.app.get('knex');
    const today = todayInBrussels();
    const addresses = listOf((params.query ?? {}).addresses as string | string[] | undefined);
    let releaseIds: string[] | null = null;
    if (addresses) {
      const valid = addresses.flatMap((a) => normaliseReleaseAddress(a) ?? []);
      const rows = await knex('releases').whereIn('address', valid).select('id');
      releaseIds = rows.map((row: { id: number | string }) => String(row.id));
    }
    const counts = await dashboardCounts(knex, actor.organizationId, today, releaseIds);
    const total = counts
      .filter((count) => count.field === 'releaseStatus')
      .reduce((sum, count) => sum + count.count, 0);
    return { total, horizon: dashboardHorizon(today), today, data: dashboardItems(counts) };
  }
}
