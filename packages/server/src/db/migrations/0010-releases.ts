import type { Knex } from 'knex';

/**
 * Releases (releases spec §3) and their custody chain and ledger (DESIGN §3).
 *
 * - `bills_of_lading`: one per carrier and BL number.
 * - `releases`: one container release; `address` is its identity in statements and the API,
 *   `version` grows with every change (optimistic concurrency for custody actions).
 * - `release_parties`: the chain. One row per party that holds or held the release, with what
 *   that party sees (its transfer status, from whom it received, to whom it passed it on). The
 *   overview of an organisation reads only its own rows, so the columns it filters, sorts and
 *   pages on are copied here and kept in step by the commands that change a release.
 * - `release_pincodes`: each party's own sealed copy of the pincode (never a clear one).
 * - `release_events`: the custody ledger, a hash chain per release.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists pg_trgm');

  await knex.schema.createTable('bills_of_lading', (t) => {
    t.bigIncrements('id');
    t.integer('carrier_organization_id').notNullable().references('organizations.id');
    t.text('bl_number').notNullable();
    t.text('port_of_loading');
    t.text('port_of_destination');
    t.text('vessel');
    t.text('agent');
    t.text('stay_number');
    t.text('lloyds_number');
    t.text('voyage_number');
    // The BL's terms as the carrier wrote them (HTML, sanitised before it is shown).
    t.text('terms_html');
    t.timestamps(true, true);
    t.unique(['carrier_organization_id', 'bl_number']);
    // The terms call finds a BL by its number among those the caller holds releases of.
    t.index(['bl_number']);
  });

  await knex.schema.createTable('releases', (t) => {
    t.bigIncrements('id');
    t.text('address').notNullable().unique();
    t.bigInteger('bill_of_lading_id').notNullable().references('bills_of_lading.id');
    t.integer('carrier_organization_id').notNullable().references('organizations.id');
    t.text('bl_number').notNullable();
    t.text('container_number').notNullable();
    t.text('iso_type_code').notNullable().defaultTo('20DV');
    t.text('pickup_location').notNullable();
    t.text('pickup_port');
    t.text('turn_in_location');
    t.text('turn_in_reference');
    t.text('turn_in_location_barge');
    t.text('turn_in_reference_barge');
    t.text('turn_in_location_rail');
    t.text('turn_in_reference_rail');
    t.date('valid_from').notNullable();
    t.date('valid_until').notNullable();
    t.date('released_on').notNullable();
    t.text('release_status').notNullable().defaultTo('released');
    t.integer('version').notNullable().defaultTo(1);
    t.integer('owner_organization_id').notNullable().references('organizations.id');
    t.boolean('is_secure_pickup').notNullable().defaultTo(false);
    t.boolean('sent_to_pcs').notNullable().defaultTo(false);
    t.text('edi_name');
    t.text('edi_locode');
    t.text('edi_pcs');
    t.timestamp('gate_out_at', { useTz: true });
    t.timestamp('archived_at', { useTz: true });
    t.integer('created_by_user_id').references('users.id');
    // Or the carrier's system that created it (DESIGN §4 "carriers' systems").
    t.integer('created_by_api_key_id').references('api_keys.id');
    t.timestamps(true, true);
    t.check(
      `release_status in ('released', 'blocked', 'blockedForScanning', 'expired', 'deleted', 'gateout')`,
      [],
      'releases_status',
    );
  });
  await knex.raw('create index releases_bill_of_lading on releases (bill_of_lading_id)');
  // One live release per container and BL; a deleted one may be created again.
  await knex.raw(
    `create unique index releases_container_unique on releases (bill_of_lading_id, container_number)
       where release_status <> 'deleted'`,
  );
  // Expiry and archiving (the scheduled job) look releases up by date.
  await knex.raw(
    `create index releases_valid_until_live on releases (valid_until) where archived_at is null`,
  );
  await knex.raw(
    `create index releases_gate_out_live on releases (gate_out_at)
       where archived_at is null and gate_out_at is not null`,
  );

  await knex.schema.createTable('release_parties', (t) => {
    t.bigIncrements('id');
    t.bigInteger('release_id').notNullable().references('releases.id').onDelete('CASCADE');
    t.integer('organization_id').notNullable().references('organizations.id');
    // 0 for the carrier, then one more per transfer along the chain.
    t.integer('position').notNullable();
    t.integer('received_from_organization_id').references('organizations.id');
    t.integer('transferred_to_organization_id').references('organizations.id');
    t.text('transfer_status').notNullable().defaultTo('owned');
    // False once revoked out of the chain: the party no longer sees the release.
    t.boolean('active').notNullable().defaultTo(true);
    // Copied from the release for the overview of this party (see above).
    t.bigInteger('bill_of_lading_id').notNullable();
    t.date('valid_until').notNullable();
    t.text('release_status').notNullable();
    t.text('search_text').notNullable();
    t.timestamps(true, true);
    t.unique(['release_id', 'position']);
    t.check(
      `transfer_status in ('owned', 'transferred', 'assigned', 'pinRetrieved', 'sendingToPcs', 'sentToPcs')`,
      [],
      'release_parties_transfer_status',
    );
  });
  // The overview: an organisation's live releases, grouped by BL, newest first.
  await knex.raw(
    `create index release_parties_overview on release_parties
       (organization_id, bill_of_lading_id desc, valid_until) where active`,
  );
  await knex.raw(
    `create index release_parties_search on release_parties using gin (search_text gin_trgm_ops)`,
  );
  await knex.raw('create index release_parties_release on release_parties (release_id)');

  await knex.schema.createTable('release_pincodes', (t) => {
    t.bigInteger('release_id').notNullable().references('releases.id').onDelete('CASCADE');
    t.integer('organization_id').notNullable().references('organizations.id');
    // base64 of a libsodium sealed box to the organisation's sealing key.
    t.text('encrypted_pincode').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['release_id', 'organization_id']);
  });

  await knex.schema.createTable('release_events', (t) => {
    t.bigIncrements('id');
    t.bigInteger('release_id').notNullable().references('releases.id').onDelete('CASCADE');
    // Copied so that an event verifies from its own row (domain eventHash binds the address).
    t.text('release_address').notNullable();
    // Position in this release's hash chain, from 1.
    t.integer('sequence').notNullable();
    t.text('operation').notNullable();
    t.integer('source_organization_id').references('organizations.id');
    t.integer('target_organization_id').references('organizations.id');
    t.integer('user_id').references('users.id');
    // Who acted when not a person: an API key, or the system (expiry, gate-out).
    t.text('actor').notNullable();
    t.jsonb('description');
    // The canonical statement (DESIGN §3) and its EIP-191 signature, and who signed it.
    t.text('statement').notNullable();
    t.text('signature').notNullable();
    t.text('signer_address').notNullable();
    t.text('prev_hash');
    t.text('hash').notNullable();
    t.integer('release_version').notNullable();
    // Hashes of the pincode copies after this event, per organisation address, when it changed
    // them (domain LedgerEventContent.pincodeCopies); null otherwise.
    t.jsonb('pincode_copies');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['release_id', 'sequence']);
  });

  await knex.schema.createTable('preferences', (t) => {
    t.integer('user_id').primary().references('users.id').onDelete('CASCADE');
    t.jsonb('hidden_columns').notNullable().defaultTo('{}');
    t.jsonb('options').notNullable().defaultTo('{}');
    t.text('preferred_language');
    t.boolean('release_transfer_email').notNullable().defaultTo(false);
    t.boolean('release_update_email').notNullable().defaultTo(true);
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of [
    'preferences',
    'release_events',
    'release_pincodes',
    'release_parties',
    'releases',
    'bills_of_lading',
  ]) {
    await knex.schema.dropTable(table);
  }
}
