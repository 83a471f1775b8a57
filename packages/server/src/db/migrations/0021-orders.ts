import type { Knex } from 'knex';

/**
 * Premium orders (access spec §3 "Premium order", §7 "Order and organisations"; issue 12 item
 * 5). One row per order: the orderer and its organisation (whose order it is), the ordered
 * organisations as they were (name, VAT, size), what was chosen, the fee the domain computed and
 * the start date; support converts it into subscriptions (their ids kept) or cancels it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('orders', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.integer('user_id').notNullable().references('users.id');
    t.text('status').notNullable().defaultTo('new');
    t.jsonb('organizations').notNullable();
    t.text('flavor').notNullable();
    t.specificType('locations', 'text[]').notNullable();
    t.text('formula').notNullable();
    t.integer('monthly_fee').notNullable();
    t.text('invoice_frequency').notNullable();
    t.integer('invoice_amount').notNullable();
    t.integer('invoice_organization_id').notNullable().references('organizations.id');
    t.text('invoice_email').notNullable();
    t.text('po');
    t.date('start_date').notNullable();
    t.integer('eula_id').references('eulas.id');
    t.timestamp('eula_accepted_at', { useTz: true }).notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('handled_at', { useTz: true });
    t.integer('handled_by').references('users.id');
    t.specificType('subscription_ids', 'integer[]').notNullable().defaultTo('{}');
    t.index(['organization_id']);
    t.index(['status', 'created_at']);
  });
  await knex.raw(
    `alter table orders add constraint orders_status_check check (status in ('new', 'converted', 'cancelled'))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('orders');
}
