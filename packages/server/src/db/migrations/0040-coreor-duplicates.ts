import type { Knex } from 'knex';

/**
 * Duplicate COREOR interchanges and messages (domain `edifact/coreor-duplicates.ts`; README
 * "EDIFACT COREOR"), refused by unique constraints so that two posts of the same interchange at
 * once carry it out once: the second waits for the first's transaction and then finds the claim.
 *
 * - `coreor_interchanges.claims_reference`: this row is the interchange its organisation's
 *   sender and control reference name (unique while true); a duplicate, or an interchange
 *   refused whole, is kept as a row that claims nothing.
 * - `coreor_messages`: the messages something was taken of, one per organisation, sender and
 *   UNH message reference, with the interchange that brought them.
 *
 * Interchanges and messages received before this migration claim theirs too, the first of each.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('coreor_interchanges', (t) => {
    t.boolean('claims_reference').notNullable().defaultTo(false);
  });
  await knex.raw(`
    update coreor_interchanges set claims_reference = true
    where id in (
      select min(id) from coreor_interchanges
      where sender is not null and control_reference is not null
        and jsonb_array_length(answer -> 'errors') = 0
      group by organization_id, sender, control_reference
    )`);
  await knex.raw(`
    create unique index coreor_interchanges_reference_unique
    on coreor_interchanges (organization_id, sender, control_reference)
    where claims_reference`);

  await knex.schema.createTable('coreor_messages', (t) => {
    t.bigIncrements('id');
    t.integer('organization_id').notNullable().references('organizations.id');
    t.text('sender').notNullable();
    t.text('message_reference').notNullable();
    t.bigInteger('interchange_id').notNullable().references('coreor_interchanges.id').index();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['organization_id', 'sender', 'message_reference']);
  });
  await knex.raw(`
    insert into coreor_messages (organization_id, sender, message_reference, interchange_id, created_at)
    select i.organization_id, i.sender, m ->> 'messageReference', i.id, i.created_at
    from coreor_interchanges i
    cross join lateral jsonb_array_elements(i.answer -> 'messages') m
    where i.sender is not null and coalesce(m ->> 'messageReference', '') <> ''
      and m ->> 'status' in ('accepted', 'partiallyAccepted')
    order by i.id
    on conflict do nothing`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('coreor_messages');
  await knex.raw('drop index coreor_interchanges_reference_unique');
  await knex.schema.alterTable('coreor_interchanges', (t) => {
    t.dropColumn('claims_reference');
  });
}
