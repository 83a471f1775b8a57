import type { Knex } from 'knex';

/**
 * The dashboard's counts (issue 13 item 3; releases spec §2, §7 `dashboard` find): per chart
 * field over an organisation's releases not yet archived. Release and transfer status and
 * validity are the party row's own copies (0012's `release_parties_overview_valid` covers
 * them); the pick-up location is the release's and the port of destination the BL's, looked up
 * by primary key for each of a few thousand rows. These two covering indexes make each lookup
 * index-only, without a visit to the large `releases` and `bills_of_lading` heaps: on the bench's
 * organisation of 100,000 releases (4,217 counted) the p50 went from ≈ 50 to ≈ 31 ms and the
 * p95 from ≈ 98 to ≈ 58 ms (bench/README.md).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    'create index releases_dashboard_pickup on releases (id) include (pickup_location)',
  );
  await knex.raw(
    'create index bills_of_lading_dashboard_port on bills_of_lading (id) include (port_of_destination)',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index bills_of_lading_dashboard_port');
  await knex.raw('drop index releases_dashboard_pickup');
}
