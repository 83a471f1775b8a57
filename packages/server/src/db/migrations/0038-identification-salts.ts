import type { Knex } from 'knex';

/**
 * The salt of each assignment's identification commitment (docs/ledger.md, "Identifications
 * stay out of the ledger"): the signed assign statement and its ledger event bind
 * keccak-256(salt, identification type, identification), never the identification; the salt is
 * kept here, beside the identification the gate compares, so the portal can prove the row is the
 * one signed. Null for an assignment made before commitments (its statement named the
 * identification in clear).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('release_assignments', (t) => {
    t.text('identification_salt');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('release_assignments', (t) => {
    t.dropColumn('identification_salt');
  });
}
