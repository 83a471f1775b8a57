import { ledgerLeafHash } from '@scr/domain';
import type { Knex } from 'knex';

/**
 * The leaves of the ledger log's first `size` events, made from the events' own hashes (not
 * the log's stored leaf hashes), in log order: what a test recomputes a signed root from.
 */
export async function logLeaves(knex: Knex, size: number): Promise<string[]> {
  const rows: { hash: string }[] = await knex('ledger_log as l')
    .join('release_events as e', 'e.id', 'l.event_id')
    .where('l.index', '<', size)
    .orderBy('l.index')
    .select('e.hash');
  return rows.map((row) => ledgerLeafHash(row.hash));
}
