import type { Knex } from 'knex';

/**
 * itsme registration of drivers (access spec §4 "Drivers, barges, trains", §7 "Transporters";
 * issue 11 item 3). One row per link made: the SHA-256 of the state value (the state is the
 * bearer token of `POST driver/itsme`, so only its hash is kept, access spec §9 "values not
 * shown"), the driver and organisation it registers, the PKCE verifier and nonce of the
 * authorization request, its expiry and when it was used. A state is single use and expires.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('itsme_states', (t) => {
    t.bigIncrements('id');
    t.text('state_hash').notNullable().unique();
    t.integer('driver_id').notNullable().references('drivers.id').onDelete('CASCADE');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.text('code_verifier').notNullable();
    t.text('nonce').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('used_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['driver_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('itsme_states');
}
