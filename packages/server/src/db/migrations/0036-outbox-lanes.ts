import type { Knex } from 'knex';

const pending = 'delivered_at is null and failed_at is null';

/**
 * Issue 42 item 6, DESIGN §2 "in lanes": each outbox row names its lane (`mail`, `pcs`,
 * `webhook:{endpoint id}`), set where it is queued, so one slow receiver never holds another's
 * rows; a row is leased one at a time, just before it is sent, for its handler's timeout and a
 * margin, with a token that only its holder may complete it with. A row queued without a lane
 * (an insert that predates lanes) takes its topic's. Webhook endpoints keep their run of
 * failures and when they were paused; scheduled jobs (the expiry job) keep a lease and the last
 * slot they ran, so a schedule runs once across instances.
 */
export async function up(knex: Knex): Promise<void> {
  // A constant default adds the column without rewriting the table (PostgreSQL 11 and later):
  // rows delivered before lanes keep '', only the pending ones are given theirs.
  await knex.raw(`alter table outbox add column lane text not null default ''`);
  await knex.raw('alter table outbox alter column lane drop default');
  await knex.schema.alterTable('outbox', (t) => {
    t.timestamp('leased_until', { useTz: true });
    t.uuid('lease_token');
  });
  await knex.raw(
    `update outbox o set lane = coalesce(
       (select 'webhook:' || d.endpoint_id from webhook_deliveries d
         where o.topic = 'webhook' and d.id = (o.payload->>'deliveryId')::bigint),
       o.topic)
      where ${pending}`,
  );
  await knex.raw(`create function outbox_lane_default() returns trigger language plpgsql as $$
    begin
      if new.lane is null then new.lane := new.topic; end if;
      return new;
    end $$`);
  await knex.raw(
    `create trigger outbox_lane_default before insert on outbox
       for each row execute function outbox_lane_default()`,
  );
  // The poll finds the lanes with due rows from the due ones alone (a paused lane's rows wait
  // at 'infinity', outside the range); a lane's claim walks that lane only, oldest first; the
  // rows in flight per lane are few, so counting them against its concurrency is cheap.
  await knex.raw('drop index outbox_due');
  await knex.raw(`create index outbox_due on outbox (available_at, lane, topic) where ${pending}`);
  await knex.raw(`create index outbox_lane_claim on outbox (lane, id) where ${pending}`);
  await knex.raw(
    `create index outbox_lane_leased on outbox (lane) where leased_until is not null and ${pending}`,
  );
  await knex.raw(
    `create index outbox_webhook_age on outbox (created_at) where topic = 'webhook' and ${pending}`,
  );

  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.integer('consecutive_failures').notNullable().defaultTo(0);
    t.timestamp('failing_since', { useTz: true });
    t.text('last_error');
    t.timestamp('paused_at', { useTz: true });
  });
  // The endpoint list counts what waits per endpoint, never its whole history.
  await knex.raw(
    `create index webhook_deliveries_waiting on webhook_deliveries (endpoint_id)
      where status = 'pending'`,
  );

  await knex.schema.createTable('scheduled_jobs', (t) => {
    t.text('name').primary();
    t.text('holder');
    t.timestamp('lease_until', { useTz: true });
    t.bigInteger('done_slot');
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('scheduled_jobs');
  await knex.raw('drop index webhook_deliveries_waiting');
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.dropColumns('consecutive_failures', 'failing_since', 'last_error', 'paused_at');
  });
  await knex.raw('drop index outbox_due');
  await knex.raw('drop trigger outbox_lane_default on outbox');
  await knex.raw('drop function outbox_lane_default()');
  await knex.schema.alterTable('outbox', (t) => {
    t.dropColumns('lane', 'leased_until', 'lease_token');
  });
  await knex.raw(`create index outbox_due on outbox (available_at) where ${pending}`);
}
