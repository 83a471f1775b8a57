import type { Knex } from 'knex';

/** Organisations (access spec §3) and their users. An e-mail may belong to several organisations. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organizations', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    // EIP-55 address of the organisation's signing key (DESIGN §3), stored as written.
    t.text('address').notNullable().unique();
    t.text('role').notNullable();
    t.text('vat');
    t.text('street_nbr');
    t.text('postal_code');
    t.text('city');
    t.text('country');
    // null (or "0") means the cloud wallet at /wallet on the portal's own origin.
    t.text('wallet_url');
    t.text('sealing_public_key');
    t.boolean('invited_by_msc').notNullable().defaultTo(false);
    t.boolean('is_connected_to_cpoint').notNullable().defaultTo(false);
    t.timestamps(true, true);
    t.check(`address ~ '^0x[0-9a-fA-F]{40}$'`, [], 'organizations_address_format');
    t.check(`role in ('carrier', 'terminal', 'other')`, [], 'organizations_role');
  });
  await knex.schema.raw('create index organizations_name_index on organizations (lower(name))');

  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.text('email').notNullable();
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.integer('organization_id').notNullable().references('organizations.id');
    t.boolean('is_admin').notNullable().defaultTo(false);
    t.boolean('is_support').notNullable().defaultTo(false);
    // null: no second factor; 'email': a code sent by e-mail.
    t.text('two_factor_auth');
    t.timestamp('terms_accepted_at', { useTz: true });
    t.integer('eula_accepted_id');
    t.text('preferred_language').notNullable().defaultTo('en');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.unique(['organization_id', 'email']);
    t.index(['email']);
    t.check(`email = lower(email) and email like '%_@_%'`, [], 'users_email_lowercase');
    t.check(`two_factor_auth in ('email')`, [], 'users_two_factor_auth');
    t.check(`preferred_language in ('en', 'fr', 'nl', 'de', 'it')`, [], 'users_language');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('users');
  await knex.schema.dropTable('organizations');
}
