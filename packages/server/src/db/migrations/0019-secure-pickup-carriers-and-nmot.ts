import type { Knex } from 'knex';

/**
 * Issue 11, chain fixes and the next mode of transport.
 *
 * - `organizations.secure_pickup_enabled`: releases spec §6 "Secure Pick-up depends on
 *   enablement per terminal and per carrier". The terminal's half lives on `terminals` (0004);
 *   this is the carrier's, off until support turns it on.
 * - `releases.next_mode_of_transport` (releases spec §7 `nmots`: truck, barge, rail, unknown):
 *   per release, not per party row. A container leaves its terminal once, by one mode; the
 *   owner who arranges the onward transport chooses it, and the whole chain (the carrier and
 *   the parties before) plans on the same fact. Null until someone chooses.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('organizations', (t) => {
    t.boolean('secure_pickup_enabled').notNullable().defaultTo(false);
  });
  await knex.schema.alterTable('releases', (t) => {
    t.text('next_mode_of_transport');
  });
  await knex.raw(
    `alter table releases add constraint releases_next_mode_of_transport_check
       check (next_mode_of_transport in ('truck', 'barge', 'rail', 'unknown'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('releases', (t) => {
    t.dropColumn('next_mode_of_transport');
  });
  await knex.schema.alterTable('organizations', (t) => {
    t.dropColumn('secure_pickup_enabled');
  });
}
