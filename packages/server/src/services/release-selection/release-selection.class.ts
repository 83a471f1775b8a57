import type { Params } from '@feathersjs/feathers';
import type { ReleaseSelectionRequest } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import type { ReleaseSelectionAnswer } from './release-selection.shared.ts';
import { resolveSelection } from './resolve-selection.ts';

/**
 * `release-selection` create (issue 13 item 4): resolves the overview's current search and
 * filter ("select all that match"), or a selection's addresses, to the caller's own releases as
 * it sees them, for any action to take. Another organisation's release is simply absent.
 */
export class ReleaseSelectionService {
  constructor(private readonly app: Application) {}

  async create(
    data: ReleaseSelectionRequest,
    params: Params = {},
  ): Promise<ReleaseSelectionAnswer> {
    const actor = releaseActorOf(params);
    return resolveSelection(
      this.app.get('knex'),
      { organizationId: actor.organizationId, seesTransferInfo: actor.seesTransferInfo },
      data,
    );
  }
}
