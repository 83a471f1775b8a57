import type { Knex } from 'knex';

/**
 * What every instance must see and nobody needs for long (issue 42 items 1 and 2, DESIGN §2
 * "Scale out"): rate-limit and lock-out counters and unlocked wallets' wrapped keys, when the
 * portal has no Redis (with Redis they live there, and here only while Redis is away). A row
 * past `expires_at` is dead: readers ignore it, and a sweep deletes it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('shared_state', (t) => {
    t.text('key').primary();
    t.text('value');
    t.integer('count').notNullable().defaultTo(0);
    t.timestamp('expires_at', { useTz: true }).notNullable().index();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('shared_state');
}
