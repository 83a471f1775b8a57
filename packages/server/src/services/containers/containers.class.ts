import type { Params } from '@feathersjs/feathers';
import { containerSortFields, mayListContainers } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { containerPage } from '../../overview/container-page.ts';
import { overviewCriteria } from '../../overview/overview-criteria.ts';
import { overviewPaging } from '../../overview/overview-page.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import type { ContainersQuery } from './containers.schema.ts';
import type { ContainersPage } from './containers.shared.ts';

/**
 * `containers` find (releases spec §2 tab 2, §7): the caller's organisation's releases matching
 * the search and filter, one row per container, or the containers of the BLs named.
 */
export class ContainersService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<ContainersPage> {
    const actor = releaseActorOf(params);
    const query = (params.query ?? {}) as ContainersQuery;
    const expandsBl = query.blNumber !== undefined || query.billOfLadingId !== undefined;
    // Releases spec §2 (domain `mayListContainers`): the web shows the promotional page instead.
    if (params.user && !mayListContainers(params.user.features, expandsBl)) {
      throw appError('subscription_required');
    }
    return containerPage(
      this.app.get('knex'),
      actor,
      overviewCriteria(actor.organizationId, query),
      overviewPaging('container', containerSortFields, query),
    );
  }
}
