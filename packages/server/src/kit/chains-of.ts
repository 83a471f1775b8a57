import type { DbRow } from './db-row.ts';

/**
 * Event rows (read in release and sequence order) as each release's chain, by release id:
 * what the audit trail, verify-ledger and the write path's replay each walk. `as` turns a row
 * into what the chain holds.
 */
export function chainsOf<T>(rows: readonly DbRow[], as: (row: DbRow) => T): Map<string, T[]> {
  const chains = new Map<string, T[]>();
  for (const row of rows) {
    const key = String(row.release_id);
    const chain = chains.get(key);
    if (chain) chain.push(as(row));
    else chains.set(key, [as(row)]);
  }
  return chains;
}
