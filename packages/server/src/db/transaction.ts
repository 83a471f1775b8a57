import type { Knex } from 'knex';

/**
 * Runs `work` in one transaction and returns its result; a thrown error rolls everything back.
 *
 * The rule on both back ends: every query inside the transaction goes through `trx`, never through
 * the root `knex`. On PGlite the pool has one connection, which the transaction holds, so a
 * query on the root `knex` waits for that connection forever (a deadlock, not an error). On
 * PostgreSQL it would silently run outside the transaction. Pass `trx` down to every helper:
 *
 *     await inTransaction(knex, async (trx) => {
 *       const [org] = await trx('organizations').insert(row).returning('*');
 *       await addUsers(trx, org.id, users); // helpers take a Knex (or Knex.Transaction) argument
 *     });
 *
 * Custody changes add row locks (`.forUpdate()`) and a version check inside the same `trx`.
 */
export function inTransaction<T>(knex: Knex, work: (trx: Knex.Transaction) => Promise<T>) {
  return knex.transaction(work);
}
