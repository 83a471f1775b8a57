import type { Knex } from 'knex';

/**
 * Sorting a whole history without ranking it (README "Performance at port volume"): each party
 * row copies the sort keys of the columns people sort the overview on most (container number,
 * BL number, vessel; lowered, as they sort case-insensitively), and an index per key reads an
 * organisation's rows in that order, so a page sorted on one of them costs the page, not the
 * organisation's size (`overview/sorted-walk.ts`). The write side keeps the copies in step with
 * the others (`releases/party-copies.ts`).
 *
 * Each index carries the copies the overview filters on most (validity, release status), so
 * walking it for the whole history, or the default validity, stays index-only; ties read BL and
 * release newest first, as the default order does. Vessels may be empty: their index holds only
 * rows with one, and those without are read by 0012's `release_parties_overview_order` after.
 */
const indexes = [
  ['release_parties_sort_container', 'sort_container_number', ''],
  ['release_parties_sort_bl', 'sort_bl_number', ''],
  ['release_parties_sort_vessel', 'sort_vessel', ' and sort_vessel is not null'],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('release_parties', (t) => {
    t.text('sort_container_number');
    t.text('sort_bl_number');
    t.text('sort_vessel');
  });
  await knex.raw(`
    update release_parties p
       set sort_container_number = lower(r.container_number),
           sort_bl_number = lower(b.bl_number),
           sort_vessel = lower(b.vessel)
      from releases r join bills_of_lading b on b.id = r.bill_of_lading_id
     where r.id = p.release_id`);
  for (const [name, column, partial] of indexes) {
    await knex.raw(
      `create index ${name} on release_parties
         (organization_id, ${column}, bill_of_lading_id desc, release_id desc)
         include (valid_until, release_status)
         where active${partial}`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [name] of indexes) await knex.raw(`drop index ${name}`);
  await knex.schema.alterTable('release_parties', (t) => {
    t.dropColumns('sort_container_number', 'sort_bl_number', 'sort_vessel');
  });
}
