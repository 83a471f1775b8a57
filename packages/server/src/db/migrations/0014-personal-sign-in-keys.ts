import { walletPersonalKeysMigration } from '@scr/wallet';
import type { Knex } from 'knex';

/**
 * Personal sign-in keys (DESIGN §3 "Keys and the ID wallet", issue 9 §1): every member holds the
 * organisation key, so a signature by it proves no person. Each user gets the address of a
 * personal key of its own, recorded when its wallet user is made, and sign-in is accepted only
 * from that address. Users made before stay without one until their next cloud-wallet unlock
 * (the wallet makes the key then and records it) or, for an on-premise wallet, until an admin
 * registers it.
 */
export async function up(knex: Knex): Promise<void> {
  await walletPersonalKeysMigration.up(knex);
  await knex.schema.alterTable('users', (t) => {
    t.text('sign_in_address').nullable();
    t.unique(['sign_in_address']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => t.dropColumn('sign_in_address'));
  await walletPersonalKeysMigration.down(knex);
}
