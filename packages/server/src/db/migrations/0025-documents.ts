import type { Knex } from 'knex';

/**
 * Documents (access spec §3 "Document", §4 "Documents"; issue 12 item 4). One row per document:
 * its organisation (the creator), its type (domain `documentTypes`), its body (checked against
 * the type's JSON Schema before it is stored), its status, and the one organisation it was
 * shared with. `search_text` is the body's values lowercased (domain `documentSearchText`), so a
 * search is one LIKE on one column. A draft is shared with nobody; anything else with someone.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('documents', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.integer('created_by_user_id').references('users.id');
    t.text('document_type').notNullable();
    t.text('status').notNullable().defaultTo('draft');
    t.jsonb('body').notNullable();
    t.text('reference').notNullable();
    t.text('search_text').notNullable().defaultTo('');
    t.integer('shared_with_organization_id').references('organizations.id');
    t.integer('shared_by_user_id').references('users.id');
    t.timestamp('shared_at', { useTz: true });
    t.integer('decided_by_user_id').references('users.id');
    t.timestamp('decided_at', { useTz: true });
    t.timestamps(true, true);
    t.index(['organization_id', 'created_at']);
    t.index(['shared_with_organization_id', 'created_at']);
    t.check(`status in ('draft', 'toBeAccepted', 'accepted', 'rejected')`, [], 'documents_status');
    t.check(
      `(status = 'draft') = (shared_with_organization_id is null)`,
      [],
      'documents_shared_unless_draft',
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('documents');
}
