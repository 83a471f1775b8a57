import type { Knex } from 'knex';

/**
 * Machine wallet users (README "The API for systems", "How a system signs"): a system of an
 * organisation on the cloud wallet signs custody actions with a wallet user of its own, its
 * keystore (the organisation key under the system's secret) in `wallet_users` as
 * `machine-<id>`. The secret itself is kept nowhere.
 *
 * - `machine_wallet_users`: one per API key while not revoked (domain `machine-wallet-users.ts`),
 *   with who made and who revoked it, kept after revocation for the record as API keys are.
 * - `machine_wallet_unlocks`: where each of its unlocked wallets lies in the shared store (a
 *   hash of the token's id, never its secret), so that revoking deletes them at once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('machine_wallet_users', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('name').notNullable();
    t.integer('api_key_id').notNullable().references('api_keys.id').onDelete('CASCADE');
    t.integer('created_by_user_id').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_unlocked_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    t.integer('revoked_by_user_id').references('users.id').onDelete('SET NULL');
    t.index(['organization_id']);
  });
  await knex.raw(`
    create unique index machine_wallet_users_one_per_key
    on machine_wallet_users (api_key_id) where revoked_at is null`);
  await knex.schema.createTable('machine_wallet_unlocks', (t) => {
    t.text('state_key').primary();
    t.integer('machine_wallet_user_id')
      .notNullable()
      .references('machine_wallet_users.id')
      .onDelete('CASCADE');
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.index(['machine_wallet_user_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('machine_wallet_unlocks');
  await knex.schema.dropTable('machine_wallet_users');
}
