import { maxSelectedReleases, type ReleaseSelectionRequest } from '@scr/domain';
import type { Knex } from 'knex';
import { appError } from '../../errors/app-error.ts';
import { matchingParties } from '../../overview/matching-parties.ts';
import { overviewCriteria } from '../../overview/overview-criteria.ts';
import { containerRowsFor, type Viewer } from '../../releases/release-rows.ts';

/**
 * Issue 13 item 4 "select all that match": the viewer's releases matching the overview's
 * search, filter and slice (the same `matchingParties` as the table, so the same rows), or
 * the named addresses at any validity, newest BL first, at most `maxSelectedReleases`; past
 * that, 400 `selection_too_large` and nothing selected.
 */
export async function resolveSelection(
  db: Knex | Knex.Transaction,
  viewer: Viewer,
  request: ReleaseSelectionRequest,
) {
  const byAddressOnly = request.addresses && !request.filter && !request.search && !request.slice;
  const criteria = overviewCriteria(viewer.organizationId, {
    $search: request.search,
    $filter: byAddressOnly ? { valid: 'showBoth' } : request.filter,
    $slice: request.slice,
    addresses: request.addresses,
  });
  const ids = await matchingParties(db, criteria)
    .select('rp.release_id')
    .orderBy([
      { column: 'rp.bill_of_lading_id', order: 'desc' },
      { column: 'rp.release_id', order: 'desc' },
    ])
    .limit(maxSelectedReleases + 1);
  if (ids.length > maxSelectedReleases) throw appError('selection_too_large');
  const data = await containerRowsFor(
    db,
    viewer,
    ids.map((row: { release_id: string }) => row.release_id),
  );
  return { total: data.length, limit: maxSelectedReleases, data };
}
