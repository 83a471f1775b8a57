import { eventHash, statementHash } from '@scr/domain';
import type { Knex } from 'knex';
import { storedEventContent, type StoredEventRow } from '../../ledger/ledger.ts';

/**
 * The custody chain (DESIGN §3; releases spec §4 "Effects").
 *
 * - `ledger_statements`: every signed statement once, by the keccak-256 of its text. One
 *   transfer of 1,000 releases is one statement that 1,000 events refer to, rather than 1,000
 *   copies of it. The unique hash is also the replay guard: the same signed text is never
 *   applied twice.
 * - `release_events` refers to its statement (`statement_id`) and its hash binds the
 *   statement's hash instead of the text. Existing events move their statements over and their
 *   chains are re-hashed in order (this runs before any custody action exists, on chains the
 *   server signed itself).
 * - `release_parties`: a revoke deactivates the parties after the revoking one, and a later
 *   transfer puts a new party at the same position, so a position is unique among active rows
 *   only; and an organisation is at most once in a release's active chain.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_statements', (t) => {
    t.bigIncrements('id');
    t.text('hash').notNullable().unique();
    t.text('action').notNullable();
    t.text('statement').notNullable();
    t.text('signature').notNullable();
    t.text('signer_address').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.alterTable('release_events', (t) => {
    t.bigInteger('statement_id').references('ledger_statements.id');
  });

  const releaseIds: { release_id: string }[] = await knex('release_events')
    .distinct('release_id')
    .orderBy('release_id');
  for (const { release_id: releaseId } of releaseIds) {
    const events = await knex('release_events')
      .where({ release_id: releaseId })
      .orderBy('sequence');
    let prevHash: string | null = null;
    for (const event of events) {
      const hash = statementHash(event.statement);
      await knex('ledger_statements')
        .insert({
          hash,
          action: event.operation,
          statement: event.statement,
          signature: event.signature,
          signer_address: event.signer_address,
          created_at: event.created_at,
        })
        .onConflict('hash')
        .ignore();
      const statement = await knex('ledger_statements').where({ hash }).first('id');
      const row: StoredEventRow = { ...event, prev_hash: prevHash, statement_hash: hash };
      const rehashed = eventHash(storedEventContent(row));
      await knex('release_events')
        .where({ id: event.id })
        .update({ statement_id: statement.id, prev_hash: prevHash, hash: rehashed });
      prevHash = rehashed;
    }
  }

  await knex.schema.alterTable('release_events', (t) => {
    t.dropColumn('statement');
    t.dropColumn('signature');
    t.dropColumn('signer_address');
  });
  await knex.raw('alter table release_events alter column statement_id set not null');
  await knex.raw('create index release_events_statement on release_events (statement_id)');

  await knex.schema.alterTable('release_parties', (t) => {
    t.dropUnique(['release_id', 'position']);
  });
  await knex.raw(
    `create unique index release_parties_active_position on release_parties (release_id, position)
       where active`,
  );
  await knex.raw(
    `create unique index release_parties_active_organization on release_parties
       (release_id, organization_id) where active`,
  );
}

export async function down(): Promise<void> {
  throw new Error('0013-custody-chain cannot be undone: the ledger is append-only.');
}
