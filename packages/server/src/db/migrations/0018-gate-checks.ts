import type { Knex } from 'knex';

/**
 * The terminal's gate (DESIGN §3 "Secure pick-up: assignment and the gate"; access spec §2
 * "Assignment success report"): every gate check, allowed or not, as the success report reads
 * it. The same check is also a server-signed ledger event of its release when there is one.
 *
 * - `organization_id`: the terminal's organisation (the API key's) that checked.
 * - `assigned_organization_id`: the organisation that had assigned the release at the time
 *   (`release_assignments.organization_id`), whose report counts the check; null when none.
 * - `release_id`: null when no release of the container was found at the terminal.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('gate_checks', (t) => {
    t.bigIncrements('id');
    t.bigInteger('release_id').references('releases.id').onDelete('CASCADE');
    t.text('terminal_code').notNullable();
    t.text('container_number').notNullable();
    t.integer('organization_id').notNullable().references('organizations.id');
    t.integer('assigned_organization_id').references('organizations.id');
    t.text('identification_type').notNullable();
    t.text('checked_value').notNullable();
    t.text('assigned_value');
    t.boolean('allowed').notNullable();
    t.text('reason');
    t.timestamp('checked_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  // The success report: one organisation's checks, newest first, within a period.
  await knex.raw(
    `create index gate_checks_report on gate_checks (assigned_organization_id, checked_at desc)
       where assigned_organization_id is not null`,
  );
  await knex.raw('create index gate_checks_release on gate_checks (release_id)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('gate_checks');
}
