import type { Knex } from 'knex';

/**
 * Requests for release (releases spec §3 "Request for release", §7 `requests-for-release`;
 * issue 12 item 3): a requester asks a carrier to release the containers of a BL; the carrier
 * answers by creating the releases, which are linked to the request.
 *
 * - `requests_for_release`: `organization_id` is the requester, `carrier_organization_id` the
 *   carrier asked (one of the ids in the remark of the requester's subscription 11);
 *   `containers` is the list parsed from `containers_raw` (spec §5); `status` open | answered.
 * - `request_for_release_files`: the files sent with it (letter of indemnity, others), checked
 *   by content and size before they are stored; read only by the requester and the carrier.
 * - `request_for_release_releases`: the releases the carrier created in answer.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('requests_for_release', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.integer('carrier_organization_id').notNullable().references('organizations.id');
    t.text('bl_number').notNullable();
    t.text('containers_raw');
    t.jsonb('containers').notNullable().defaultTo('[]');
    t.text('reference');
    t.text('invoice_number');
    t.text('status').notNullable().defaultTo('open');
    t.integer('created_by_user_id').references('users.id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('answered_at', { useTz: true });
  });
  // Each side's list, newest first.
  await knex.raw(
    'create index requests_for_release_requester on requests_for_release (organization_id, id desc)',
  );
  await knex.raw(
    'create index requests_for_release_carrier on requests_for_release (carrier_organization_id, id desc)',
  );
  await knex.schema.createTable('request_for_release_files', (t) => {
    t.bigIncrements('id');
    t.bigInteger('request_id')
      .notNullable()
      .references('requests_for_release.id')
      .onDelete('CASCADE')
      .index();
    t.text('kind').notNullable();
    t.text('name').notNullable();
    t.text('ref');
    t.text('content_type').notNullable();
    t.integer('size').notNullable();
    t.binary('content').notNullable();
  });
  await knex.schema.createTable('request_for_release_releases', (t) => {
    t.bigInteger('request_id')
      .notNullable()
      .references('requests_for_release.id')
      .onDelete('CASCADE');
    t.bigInteger('release_id').notNullable().references('releases.id').onDelete('CASCADE');
    t.primary(['request_id', 'release_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('request_for_release_releases');
  await knex.schema.dropTable('request_for_release_files');
  await knex.schema.dropTable('requests_for_release');
}
