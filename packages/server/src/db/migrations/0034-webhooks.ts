import type { Knex } from 'knex';

/**
 * Webhooks (issue 14 item 5): an organisation's HTTPS endpoints with the release event types
 * they take and the secret that signs each delivery; one delivery per event and endpoint
 * (unique, so an event is queued once), sent by the outbox worker; and each attempt, for the
 * delivery log in the administration.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_endpoints', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id').index();
    t.text('url').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.jsonb('event_types').notNullable();
    t.text('secret').notNullable();
    t.boolean('active').notNullable().defaultTo(true);
    t.integer('created_by_user_id').references('users.id');
    t.timestamps(true, true);
  });
  await knex.schema.createTable('webhook_deliveries', (t) => {
    t.bigIncrements('id');
    t.bigInteger('endpoint_id')
      .notNullable()
      .references('webhook_endpoints.id')
      .onDelete('CASCADE');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.text('event_id').notNullable();
    t.text('event_type').notNullable();
    t.text('operation').notNullable();
    t.text('release_address').notNullable();
    t.text('bl_number').notNullable();
    t.text('container_number').notNullable();
    t.jsonb('payload').notNullable();
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('last_status_code');
    t.text('last_error');
    t.timestamp('last_attempt_at', { useTz: true });
    t.timestamp('delivered_at', { useTz: true });
    t.bigInteger('redelivery_of').references('webhook_deliveries.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['endpoint_id', 'id']);
  });
  // An event is queued once per endpoint; a redelivery is a row of its own.
  await knex.raw(
    `create unique index webhook_deliveries_once on webhook_deliveries (endpoint_id, event_id)
      where redelivery_of is null`,
  );
  await knex.schema.createTable('webhook_attempts', (t) => {
    t.bigIncrements('id');
    t.bigInteger('delivery_id')
      .notNullable()
      .references('webhook_deliveries.id')
      .onDelete('CASCADE')
      .index();
    t.integer('status_code');
    t.text('error');
    t.integer('duration_ms').notNullable();
    t.timestamp('attempted_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('webhook_attempts');
  await knex.schema.dropTable('webhook_deliveries');
  await knex.schema.dropTable('webhook_endpoints');
}
