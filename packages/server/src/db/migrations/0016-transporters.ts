import type { Knex } from 'knex';

/**
 * Transporters (access spec §3 "Driver", "Barge", "Train"; issue 11 item 1): each organisation's
 * drivers, barges and trains, which its releases are assigned to. Rows are never deleted, only
 * deactivated. A barge's ENI number and a train's code are unique within the organisation.
 * `user_audit_trail` records what people do outside the release ledger (access spec §7
 * "user-audit-trail create with operation and description": add driver, edit driver, …).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('drivers', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.text('first_name').notNullable();
    t.text('last_name').notNullable();
    t.text('email');
    t.text('phone');
    t.text('alfa_pass');
    t.text('itsme_code');
    t.text('itsme_given_name');
    t.text('itsme_family_name');
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.index(['organization_id', 'is_active']);
  });
  await knex.schema.createTable('barges', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.text('name').notNullable();
    t.text('eni_number').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.unique(['organization_id', 'eni_number']);
  });
  await knex.schema.createTable('trains', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.text('name').notNullable();
    t.text('train_code').notNullable();
    t.boolean('is_active').notNullable().defaultTo(true);
    t.timestamps(true, true);
    t.unique(['organization_id', 'train_code']);
  });
  await knex.schema.createTable('user_audit_trail', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.integer('user_id').references('users.id');
    t.text('operation').notNullable();
    t.jsonb('description');
    t.timestamp('operation_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['organization_id', 'operation_at']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('user_audit_trail');
  await knex.schema.dropTable('trains');
  await knex.schema.dropTable('barges');
  await knex.schema.dropTable('drivers');
}
