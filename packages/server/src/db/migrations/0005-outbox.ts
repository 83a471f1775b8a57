import type { Knex } from 'knex';

/** The outbox of side effects (DESIGN §2), written in the same transaction as the change. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outbox', (table) => {
    table.bigIncrements('id');
    table.text('topic').notNullable();
    table.jsonb('payload').notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    table.timestamp('available_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    table.timestamp('delivered_at', { useTz: true });
    table.timestamp('failed_at', { useTz: true });
    table.text('last_error');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(
    'create index outbox_due on outbox (available_at) where delivered_at is null and failed_at is null',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('outbox');
}
