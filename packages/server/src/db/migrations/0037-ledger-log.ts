import type { Knex } from 'knex';

/**
 * The ledger's log and its signed checkpoints (docs/ledger.md): every event of
 * `release_events`, once, in the order the sequencer appended it (`ledger/ledger-log.ts`),
 * as the leaves of one RFC 9162 Merkle tree whose roots the server signs.
 *
 * - `ledger_log`: leaf `index` is the event `event_id`; `leaf_hash` is SHA-256(0x00 || its hash)
 *   (domain `ledgerLeafHash`), found by it for an inclusion proof.
 * - `ledger_nodes`: the hashes of the perfect subtrees at levels 4, 8, 12 … (2^level leaves from
 *   index · 2^level), so that any subtree a proof or a root needs is at most 8 stored hashes per
 *   level step, never a read of all leaves. Level 0 is `ledger_log`.
 * - `ledger_log_state`: one row (made by the first run, so a migrated database holds no rows
 *   and restores into it), which the sequencer locks: the log's size, the tree's right
 *   edge (domain `MerkleFrontier`, at most 64 hashes), every event id up to `settled_event_id`
 *   logged, and the fence it settles next (an id and the transactions that were writing events
 *   then; `release_events.id` order is not commit order).
 * - `ledger_checkpoints`: each signed root, with its exact signed text.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('ledger_log', (t) => {
    t.bigInteger('index').primary();
    t.bigInteger('event_id').notNullable().unique().references('release_events.id');
    t.text('leaf_hash').notNullable().index();
  });
  await knex.schema.createTable('ledger_nodes', (t) => {
    t.smallint('level').notNullable();
    t.bigInteger('index').notNullable();
    t.text('hash').notNullable();
    t.primary(['level', 'index']);
  });
  await knex.schema.createTable('ledger_log_state', (t) => {
    t.smallint('id').primary();
    t.bigInteger('tree_size').notNullable().defaultTo(0);
    t.jsonb('frontier').notNullable().defaultTo('[]');
    t.bigInteger('settled_event_id').notNullable().defaultTo(0);
    t.bigInteger('fence_event_id');
    t.specificType('fence_holders', 'text[]');
  });
  await knex.raw('alter table ledger_log_state add constraint ledger_log_state_one check (id = 1)');
  await knex.schema.createTable('ledger_checkpoints', (t) => {
    t.bigInteger('tree_size').primary();
    t.text('root_hash').notNullable();
    t.timestamp('time', { useTz: true }).notNullable();
    t.text('server_address').notNullable();
    t.text('signature').notNullable();
    t.text('checkpoint').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('ledger_checkpoints');
  await knex.schema.dropTable('ledger_log_state');
  await knex.schema.dropTable('ledger_nodes');
  await knex.schema.dropTable('ledger_log');
}
