import type { Knex } from 'knex';

/**
 * Login links (access spec §4 "Login flow", issue 9 §3): the URL hash of a login link carries a
 * random single-use token instead of a user id, so nobody can list users by counting. Only the
 * token's SHA-256 is stored, with the user it signs in, its expiry and when it was used.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('login_links', (t) => {
    t.bigIncrements('id');
    t.text('token_hash').notNullable().unique();
    t.integer('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('login_links');
}
