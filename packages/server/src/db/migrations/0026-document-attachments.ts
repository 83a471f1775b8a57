import type { Knex } from 'knex';

/**
 * The attachments of a document (access spec §3 "Document": "attachments (name, ref, content)").
 * Added by the creating organisation to its draft, checked by content and size before they are
 * stored (domain `documentAttachmentProblem`); read by whoever sees the document.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('document_attachments', (t) => {
    t.bigIncrements('id');
    t.integer('document_id').notNullable().references('documents.id').onDelete('CASCADE').index();
    t.text('name').notNullable();
    t.text('ref');
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
    t.integer('created_by_user_id').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('document_attachments');
}
