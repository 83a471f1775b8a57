import type { Knex } from 'knex';

/**
 * The secure pick-up releases at the terminals an organisation owns (access spec §2 "Secure
 * pick-up containers (terminal)"; domain `auditTrailReach`): what the terminal view lists and
 * whose trails a terminal organisation reads besides its own chain. Alias `r` is the release.
 */
export function ownTerminalReleases(db: Knex | Knex.Transaction, organizationId: number) {
  return db('releases as r')
    .join('terminals as t', 't.code', 'r.pickup_location')
    .where('t.owner_organization_id', organizationId)
    .where('r.is_secure_pickup', true);
}
