import type { Knex } from 'knex';

/**
 * Assignments (releases spec §3 "Assignment", DESIGN §3 "Secure pick-up"): one row per assigned
 * release, binding it to an identification (not to a driver, barge or train row that may
 * change later) by the organisation that assigned it, with the signed statement that did it.
 * Unassign deletes the row; the assigning organisation's party row shows `assigned` meanwhile.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('release_assignments', (t) => {
    t.bigInteger('release_id').primary().references('releases.id').onDelete('CASCADE');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.text('assignee_type').notNullable();
    t.text('identification').notNullable();
    t.text('identification_type').notNullable();
    t.text('assignee_name').notNullable();
    t.text('visit_number');
    t.bigInteger('statement_id').references('ledger_statements.id');
    t.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check(`assignee_type in ('driver', 'barge', 'train')`, [], 'release_assignments_type');
    t.check(
      `identification_type in ('alfapass', 'itsme', 'eni', 'train')`,
      [],
      'release_assignments_identification_type',
    );
  });
  // A deactivated or re-identified transporter's releases (access spec §4), and `info`.
  await knex.raw(
    `create index release_assignments_identification on release_assignments
       (organization_id, assignee_type, identification)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('release_assignments');
}
