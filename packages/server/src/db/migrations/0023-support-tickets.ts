import type { Knex } from 'knex';

/**
 * Support tickets (access spec §2 "Support ticket page and side drawer", §3 "Support ticket";
 * issue 12 item 6): what a signed-in person sent, for support to read and close. The image, at
 * most one of 5 MB whose type was read from its content, sits in its own table so that listing
 * tickets never reads image bytes.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('tickets', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.integer('user_id').notNullable().references('users.id');
    t.text('title').notNullable();
    t.text('content').notNullable();
    t.text('email').notNullable();
    t.text('name');
    t.text('phone');
    t.text('company');
    t.text('destination');
    t.text('status').notNullable().defaultTo('open');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('closed_at', { useTz: true });
    t.integer('closed_by').references('users.id');
    t.index(['status', 'id']);
    t.index(['organization_id', 'id']);
  });
  await knex.raw(
    `alter table tickets add constraint tickets_status check (status in ('open', 'closed'))`,
  );
  await knex.schema.createTable('ticket_images', (t) => {
    t.bigInteger('ticket_id').primary().references('tickets.id').onDelete('CASCADE');
    t.text('file_name').notNullable();
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ticket_images');
  await knex.schema.dropTable('tickets');
}
