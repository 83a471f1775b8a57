import type { Knex } from 'knex';

/**
 * Sign-in (DESIGN §3 "Signing in"): single-use SIWE challenges, server-side sessions (a token is
 * only as good as its session: logout revokes it, two-factor validation completes it), and the
 * EULA versions users accept.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('auth_challenges', (t) => {
    t.text('nonce').primary();
    t.text('address').notNullable();
    t.text('message').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['expires_at']);
  });

  await knex.schema.createTable('auth_sessions', (t) => {
    t.uuid('id').primary();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    // Set when the user's second factor was checked; null while it is still owed.
    t.timestamp('two_factor_validated_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });

  await knex.schema.createTable('eulas', (t) => {
    t.increments('id');
    t.text('version').notNullable().unique();
    t.text('url').notNullable();
    t.timestamp('published_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('eulas');
  await knex.schema.dropTable('auth_sessions');
  await knex.schema.dropTable('auth_challenges');
}
