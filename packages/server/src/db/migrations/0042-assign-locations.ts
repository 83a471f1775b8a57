import type { Knex } from 'knex';

/**
 * Assign locations (releases spec §2 "pickupMethod", §3 "assignLocationLabel"; domain
 * `releases/assign-locations.ts`): groups of terminals whose containers are picked up one way,
 * each with its label in the portal's five languages and its display order (999, the default,
 * leaves it unordered; the pickupMethod column shows once some location has another order).
 * A terminal lies in one assign location at most (`terminals.assign_location_code`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('assign_locations', (t) => {
    t.text('code').primary();
    t.jsonb('labels').notNullable();
    t.integer('sort_order').notNullable().defaultTo(999);
    t.check(`code ~ '^[A-Z0-9][A-Z0-9-]{0,31}$'`, [], 'assign_locations_code_format');
    // A label, not empty, in each language.
    t.check(
      ['en', 'fr', 'nl', 'de', 'it']
        .map((language) => `coalesce(btrim(labels ->> '${language}'), '') <> ''`)
        .join(' and '),
      [],
      'assign_locations_labels_languages',
    );
    t.check(`sort_order between 0 and 999`, [], 'assign_locations_sort_order_range');
  });
  await knex.schema.alterTable('terminals', (t) => {
    t.text('assign_location_code')
      .references('assign_locations.code')
      .onUpdate('CASCADE')
      .onDelete('SET NULL');
    t.index(['assign_location_code']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('terminals', (t) => {
    t.dropColumn('assign_location_code');
  });
  await knex.schema.dropTable('assign_locations');
}
