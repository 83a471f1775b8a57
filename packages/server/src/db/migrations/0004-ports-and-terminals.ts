import type { Knex } from 'knex';

/** Ports (UN/LOCODE) and the terminals where containers are picked up (releases spec §3, §4). */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ports', (t) => {
    t.text('locode').primary();
    t.text('name').notNullable();
    t.text('country').notNullable();
    t.check(`locode ~ '^[A-Z]{2}[A-Z2-9]{3}$'`, [], 'ports_locode_format');
    t.check(`country ~ '^[A-Z]{2}$'`, [], 'ports_country_format');
  });

  await knex.schema.createTable('terminals', (t) => {
    t.text('code').primary();
    t.text('name').notNullable();
    t.text('port_locode').notNullable().references('ports.locode');
    // How a driver proves who they are at the gate; null when the terminal does not check.
    t.text('identification_method');
    t.boolean('pins_allowed').notNullable().defaultTo(true);
    t.boolean('secure_pickup_enabled').notNullable().defaultTo(false);
    t.boolean('green_lights_shown').notNullable().defaultTo(true);
    t.integer('owner_organization_id').references('organizations.id').onDelete('SET NULL');
    t.index(['port_locode']);
    t.index(['owner_organization_id']);
    t.check(
      `identification_method in ('alfapass', 'itsme')`,
      [],
      'terminals_identification_method',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('terminals');
  await knex.schema.dropTable('ports');
}
