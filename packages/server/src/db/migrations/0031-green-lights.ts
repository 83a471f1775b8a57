import type { Knex } from 'knex';

/**
 * Green lights (issue 14 item 2; releases spec §3 "Traffic-light (Green Lights) data", §4
 * "Traffic light"; DESIGN §4 "port status").
 *
 * - `releases.green_lights`: the release's traffic light as domain `GreenLights` (each kind's
 *   value, colour and time, the total, the source); every event that changed it is also a
 *   server-signed `portStatus` event of its ledger.
 * - `port_status_senders`: which organisations' status systems report for which ports; an API
 *   key (scope `port-status:write`) of such an organisation reaches the live releases picked up
 *   at that port's terminals, and no other.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('releases', (t) => {
    t.jsonb('green_lights');
  });
  await knex.schema.createTable('port_status_senders', (t) => {
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('port_locode').notNullable().references('ports.locode').onDelete('CASCADE');
    t.primary(['organization_id', 'port_locode']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('port_status_senders');
  await knex.schema.alterTable('releases', (t) => {
    t.dropColumn('green_lights');
  });
}
