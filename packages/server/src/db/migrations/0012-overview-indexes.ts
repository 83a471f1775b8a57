import type { Knex } from 'knex';

/**
 * The release overview's read paths (releases spec §2, DESIGN §2: tens of millions of party
 * rows, paged queries staying fast). An organisation's overview reads only its own active
 * `release_parties` rows; both indexes carry the copied columns the overview filters on, so a
 * page and its (capped) count are index-only scans that never touch the table.
 *
 * - `release_parties_overview_valid`: the default view (valid today, and the expiry windows) is
 *   a range on `valid_until`; only the newest few per cent of an organisation's rows are valid.
 * - `release_parties_overview_order`: newest BL first (then newest release), for paging through
 *   everything (showBoth, showOnlyInvalid) with an early stop. It supersedes 0010's
 *   `release_parties_overview`, which is dropped.
 * - The lists `containers` find takes (container numbers, BL numbers) look releases and BLs up
 *   case-insensitively.
 *
 * 0010's trigram index on `search_text` stays: it finds rare search terms across all rows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `create index release_parties_overview_valid on release_parties (organization_id, valid_until)
       include (bill_of_lading_id, release_id, release_status, transfer_status, search_text)
       where active`,
  );
  await knex.raw(
    `create index release_parties_overview_order on release_parties
       (organization_id, bill_of_lading_id desc, release_id desc)
       include (valid_until, release_status, transfer_status, search_text)
       where active`,
  );
  await knex.raw('drop index if exists release_parties_overview');
  await knex.raw(
    'create index releases_container_number_upper on releases (upper(container_number))',
  );
  await knex.raw(
    'create index bills_of_lading_bl_number_upper on bills_of_lading (upper(bl_number))',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index bills_of_lading_bl_number_upper');
  await knex.raw('drop index releases_container_number_upper');
  await knex.raw(
    `create index release_parties_overview on release_parties
       (organization_id, bill_of_lading_id desc, valid_until) where active`,
  );
  await knex.raw('drop index release_parties_overview_order');
  await knex.raw('drop index release_parties_overview_valid');
}
