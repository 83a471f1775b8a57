import type { Knex } from 'knex';

/**
 * The EDIFACT COREOR interchanges a carrier sent (issue 14 item 4): who sent which file or API
 * call, its UNB sender and control reference, and the answer given per message (APERAK-like),
 * so a carrier or support can see later what was taken and what was refused.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('coreor_interchanges', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id').index();
    t.integer('created_by_user_id').references('users.id');
    t.integer('created_by_api_key_id').references('api_keys.id');
    t.text('file_name');
    t.text('sender');
    t.text('control_reference');
    t.text('status').notNullable();
    t.integer('accepted_count').notNullable();
    t.integer('rejected_count').notNullable();
    t.jsonb('answer').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('coreor_interchanges');
}
