import type { Knex } from 'knex';

/**
 * Connections between organisations: requested by one, finalised by the other. A release can
 * only be transferred along a finalised connection. One row per pair, whichever side asked.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('organization_connections', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.integer('connected_organization_id')
      .notNullable()
      .references('organizations.id')
      .onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('requested');
    t.text('reference');
    t.text('customer_reference');
    t.timestamps(true, true);
    t.index(['connected_organization_id']);
    t.check(`status in ('requested', 'finalized')`, [], 'organization_connections_status');
    t.check('organization_id <> connected_organization_id', [], 'organization_connections_self');
  });
  // The pair is unique in either direction: A→B and B→A are the same connection.
  await knex.schema.raw(
    `create unique index organization_connections_pair on organization_connections
       (least(organization_id, connected_organization_id),
        greatest(organization_id, connected_organization_id))`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('organization_connections');
}
