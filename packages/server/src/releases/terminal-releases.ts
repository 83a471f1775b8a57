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

/**
 * The releases whose audit trail an organisation reads (DESIGN §3 "Tenancy"; domain
 * `auditTrailReach`): those in which it holds an active party row, and with
 * `chainAndOwnTerminals` also the secure pick-up releases at its own terminals. A `where`
 * callback over the release id column `releaseId` (`r.id`, `e.release_id`…): the audit trail,
 * the inclusion proofs and the evidence bundles filter with this one rule.
 */
export function trailReadableBy(
  db: Knex | Knex.Transaction,
  organizationId: number,
  reach: 'chain' | 'chainAndOwnTerminals' | undefined,
  releaseId = 'r.id',
) {
  return (visible: Knex.QueryBuilder) => {
    visible.whereExists((q) =>
      q
        .select(1)
        .from('release_parties as p')
        .whereRaw('p.release_id = ??', [releaseId])
        .where({ 'p.organization_id': organizationId, 'p.active': true }),
    );
    if (reach === 'chainAndOwnTerminals') {
      visible.orWhereIn(releaseId, ownTerminalReleases(db, organizationId).select('r.id'));
    }
  };
}
