import type { Params } from '@feathersjs/feathers';
import { billOfLadingSortFields } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { billOfLadingPage } from '../../overview/bill-of-lading-page.ts';
import { overviewCriteria } from '../../overview/overview-criteria.ts';
import { overviewPaging } from '../../overview/overview-page.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import type { BillsOfLadingQuery } from './bills-of-lading.schema.ts';
import type { BillsOfLadingPage } from './bills-of-lading.shared.ts';

/**
 * `bills-of-lading` find (releases spec §2 tab 1, §3, §7): the caller's organisation's BLs with
 * at least one release in its chain matching the search and filter, a page at a time, each with
 * those releases as the caller sees them and the label of their assign location (§3).
 */
export class BillsOfLadingService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<BillsOfLadingPage> {
    const actor = releaseActorOf(params);
    const query = (params.query ?? {}) as BillsOfLadingQuery;
    return billOfLadingPage(
      this.app.get('knex'),
      actor,
      overviewCriteria(actor.organizationId, query),
      overviewPaging('bl', billOfLadingSortFields, query),
      // The BL's assign location label in the person's language (an API key reads English).
      params.user?.preferredLanguage ?? undefined,
    );
  }
}
