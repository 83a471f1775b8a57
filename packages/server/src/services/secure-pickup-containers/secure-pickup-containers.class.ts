import type { Params } from '@feathersjs/feathers';
import {
  seesTerminalView,
  type Page,
  type SecurePickupContainerRow,
  type SecurePickupContainersQuery,
} from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { likePattern, pageOf } from '../../kit/paging.ts';
import { ownTerminalReleases } from '../../releases/terminal-releases.ts';

/**
 * A row as access spec §3 "Secure pick-up container row" names its fields (gate-out in ISO
 * 8601), with the terminal's name and the release's assignee and visit number: what the gate
 * looks for when the container comes to be picked up.
 */
function present(row: DbRow): SecurePickupContainerRow {
  return {
    bl_number: row.bl_number,
    container_number: row.container_number,
    agent: row.agent ?? null,
    pickup_location: row.pickup_location,
    pickup_location_name: row.terminal_name,
    valid_from: row.valid_from,
    valid_until: row.valid_until,
    release_status: row.release_status,
    gate_out: row.gate_out_at ? new Date(row.gate_out_at).toISOString() : null,
    release_address: row.address,
    assignee_type: row.assignee_type ?? null,
    assignee_name: row.assignee_name ?? null,
    visit_number: row.visit_number ?? null,
  };
}

/** `terminal-user/secure-pickup-containers` find: people of terminal organisations only. */
export class SecurePickupContainersService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<SecurePickupContainerRow>> {
    const user = params.user;
    if (!user) throw appError('not_authenticated');
    if (!seesTerminalView(user.organizationRole)) {
      throw appError('forbidden', { message: 'The terminal view is for terminal users only.' });
    }
    const query = (params.query ?? {}) as SecurePickupContainersQuery;
    const rows = ownTerminalReleases(this.app.get('knex'), user.organizationId)
      .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
      .leftJoin('release_assignments as ra', 'ra.release_id', 'r.id')
      .whereNot('r.release_status', 'deleted');
    const search = query.querySearch?.trim();
    if (search) {
      const pattern = likePattern(search);
      rows.where((q) =>
        q
          .whereILike('r.container_number', pattern)
          .orWhereILike('r.bl_number', pattern)
          .orWhereILike('bl.agent', pattern)
          .orWhereILike('r.pickup_location', pattern)
          .orWhereILike('t.name', pattern),
      );
    }
    return pageOf(rows, {
      paging: query,
      select: (builder) =>
        builder
          .orderBy([
            { column: 'r.valid_until', order: 'desc' },
            { column: 'r.id', order: 'desc' },
          ])
          .select(
            'r.address',
            'r.bl_number',
            'r.container_number',
            'r.pickup_location',
            'r.valid_from',
            'r.valid_until',
            'r.release_status',
            'r.gate_out_at',
            'bl.agent',
            't.name as terminal_name',
            'ra.assignee_type',
            'ra.assignee_name',
            'ra.visit_number',
          ),
      present,
    });
  }
}
