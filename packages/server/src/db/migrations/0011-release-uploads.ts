import type { Knex } from 'knex';

/**
 * Multi-uploads of releases (releases spec §5 "Multi-upload"): one row per uploaded file, so a
 * repeated file name gets a numeric suffix per organisation (`releases (1).xlsx`). The file's
 * bytes are not kept; its rows became releases (or were reported back).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('release_uploads', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    // The name as uploaded, and the name it is known by (with its suffix).
    t.text('file_name').notNullable();
    t.text('stored_name').notNullable();
    t.integer('created_count').notNullable();
    t.integer('error_count').notNullable();
    t.integer('created_by').references('users.id');
    t.integer('created_by_api_key_id').references('api_keys.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organization_id', 'stored_name']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('release_uploads');
}
