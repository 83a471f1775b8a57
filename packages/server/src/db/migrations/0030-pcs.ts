import type { Knex } from 'knex';

/**
 * The port community system (issue 14 item 1; releases spec §4 "sending to PCS", "sent to PCS",
 * §7 `releases/pcs/*`, DESIGN §2 outbox, §4 adapters).
 *
 * - `releases.pcs_status`: where the release stands with the PCS (domain `PcsStatus`): on its
 *   way there, held by it, on its way back; null when the PCS does not hold it. `sent_to_pcs`
 *   stays the flag every other rule reads (true in all three states).
 *   `pcs_reference`: the PCS's own reference once it accepted the release.
 * - `pcs_messages`: one signed PCS action as sent to the PCS, recorded with its statement in the
 *   transaction that applied it, before the PCS is called; `message_id` makes every attempt of
 *   it the same message to the PCS (idempotent), so a retry after a timeout never sends twice.
 *   `status` pending → delivering (leased until `lease_until`) → done.
 * - `pcs_message_releases`: per release of a message, what the PCS answered (null: not yet).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('releases', (t) => {
    t.text('pcs_status');
    t.text('pcs_reference');
    t.check(`pcs_status in ('sending', 'sent', 'revoking')`, [], 'releases_pcs_status');
  });
  await knex.schema.createTable('pcs_messages', (t) => {
    t.bigIncrements('id');
    t.text('message_id').notNullable().unique();
    t.integer('organization_id').notNullable().references('organizations.id');
    t.text('action').notNullable();
    t.bigInteger('statement_id').notNullable().references('ledger_statements.id');
    t.text('status').notNullable().defaultTo('pending');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('lease_until', { useTz: true });
    t.text('last_error');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('completed_at', { useTz: true });
    t.check(`action in ('transferToPcs', 'revokeFromPcs')`, [], 'pcs_messages_action');
    t.check(`status in ('pending', 'delivering', 'done')`, [], 'pcs_messages_status');
    t.unique(['statement_id']);
  });
  await knex.schema.createTable('pcs_message_releases', (t) => {
    t.bigInteger('message_id').notNullable().references('pcs_messages.id').onDelete('CASCADE');
    t.bigInteger('release_id').notNullable().references('releases.id').onDelete('CASCADE');
    t.text('result');
    t.text('reason');
    t.text('message');
    t.text('pcs_reference');
    t.timestamp('answered_at', { useTz: true });
    t.primary(['message_id', 'release_id']);
    t.check(`result in ('accepted', 'refused', 'failed')`, [], 'pcs_message_releases_result');
  });
  await knex.raw('create index pcs_message_releases_release on pcs_message_releases (release_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('pcs_message_releases');
  await knex.schema.dropTable('pcs_messages');
  await knex.schema.alterTable('releases', (t) => {
    t.dropChecks(['releases_pcs_status']);
    t.dropColumn('pcs_status');
    t.dropColumn('pcs_reference');
  });
}
