import type { Knex } from 'knex';

/**
 * API keys for machines (DESIGN §3, §4: a carrier's system, a terminal's gate, a port's
 * status feed): bound to one organisation and a set of scopes. Only a salted hash of the secret
 * is kept; `prefix` finds the row. Revoked keys stay for the record.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_keys', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.text('prefix').notNullable().unique();
    t.text('salt').notNullable();
    t.text('secret_hash').notNullable();
    t.jsonb('scopes').notNullable();
    t.integer('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_used_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.integer('revoked_by_user_id').references('users.id').onDelete('SET NULL');
    t.index(['organization_id']);
    t.check(`jsonb_typeof(scopes) = 'array'`, [], 'api_keys_scopes_array');
    t.check(`prefix ~ '^[0-9a-f]{12}$'`, [], 'api_keys_prefix_format');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('api_keys');
}
