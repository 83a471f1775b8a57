import type { Knex } from 'knex';

/**
 * E-mail two-factor codes (access spec §2 "Two-factor email screen"): one live code per session,
 * stored as a hash only, with its expiry and the wrong tries made against it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('two_factor_codes', (t) => {
    t.bigIncrements('id');
    t.uuid('session_id').notNullable().references('auth_sessions.id').onDelete('CASCADE');
    t.text('code_hash').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    // Set when the code was used, or replaced by a newer one.
    t.timestamp('closed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['session_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('two_factor_codes');
}
