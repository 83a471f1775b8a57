import {
  dashboardHorizon,
  isValidSlice,
  validityBucketRange,
  type DashboardSlice,
  type IsoDate,
} from '@scr/domain';
import type { Knex } from 'knex';
import { billOfLadingOf, releaseOf } from './row-lookups.ts';

/**
 * Narrows the viewer's party rows (`rp`) to exactly the releases a dashboard slice counted
 * (releases spec §2 "clicking a slice selects it and filters the table"): the dashboard's
 * horizon (not yet archived, domain `dashboardHorizon`) in place of the validity filter, and
 * the slice's value, matched exactly. A value its field cannot take matches nothing.
 */
export function applySlice(query: Knex.QueryBuilder, slice: DashboardSlice, today: IsoDate): void {
  if (!isValidSlice(slice)) {
    query.whereRaw('false');
    return;
  }
  const horizon = dashboardHorizon(today);
  switch (slice.field) {
    case 'releaseStatus':
      query.where('rp.release_status', slice.value);
      break;
    case 'transferStatus':
      query.where('rp.transfer_status', slice.value);
      break;
    case 'pickupLocation':
      query.whereRaw(releaseOf('r.pickup_location = ?'), [slice.value]);
      break;
    case 'portOfDestination':
      if (slice.value === '') query.whereRaw(billOfLadingOf('b.port_of_destination is null'));
      else query.whereRaw(billOfLadingOf('b.port_of_destination = ?'), [slice.value]);
      break;
    case 'valid': {
      const { from, to } = validityBucketRange(slice.value as 'expired', today);
      query.where('rp.valid_until', '>=', from);
      if (to) query.where('rp.valid_until', '<=', to);
      return;
    }
  }
  query.where('rp.valid_until', '>=', horizon);
}
