import type { Knex } from 'knex';
import type { KeystoreStore, WalletUserRecord } from './keystore-store.ts';

export const walletUsersTable = 'wallet_users';

/** The cloud wallet's own table, created by the migration the server runs with its own. */
export const walletMigration = {
  name: 'wallet_0001_wallet_users',
  async up(knex: Knex): Promise<void> {
    await knex.schema.createTable(walletUsersTable, (table) => {
      table.text('user_id').primary();
      table.text('type').notNullable().checkIn(['admin', 'user']);
      table.text('address').notNullable().index();
      table.text('keystore').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.dropTable(walletUsersTable);
  },
};

/**
 * Each wallet user's personal sign-in key (DESIGN §3): its address and keystore. Existing rows
 * keep nulls until the user's next unlock, when the wallet makes the key.
 */
export const walletPersonalKeysMigration = {
  name: 'wallet_0002_personal_keys',
  async up(knex: Knex): Promise<void> {
    await knex.schema.alterTable(walletUsersTable, (table) => {
      table.text('user_address').nullable();
      table.text('user_keystore').nullable();
    });
  },
  async down(knex: Knex): Promise<void> {
    await knex.schema.alterTable(walletUsersTable, (table) => {
      table.dropColumn('user_address');
      table.dropColumn('user_keystore');
    });
  },
};

/** Keystores in the portal's database, for the cloud wallet that runs inside the server. */
export class KnexKeystoreStore implements KeystoreStore {
  readonly #db: Knex;

  constructor(db: Knex) {
    this.#db = db;
  }

  async find(userId: string): Promise<WalletUserRecord | null> {
    const row = await this.#db(walletUsersTable).where({ user_id: userId }).first();
    return row
      ? {
          userId: row.user_id,
          type: row.type,
          address: row.address,
          keystore: row.keystore,
          userAddress: row.user_address ?? null,
          userKeystore: row.user_keystore ?? null,
        }
      : null;
  }

  async insert(record: WalletUserRecord): Promise<boolean> {
    const inserted = await this.#db(walletUsersTable)
      .insert({
        user_id: record.userId,
        type: record.type,
        address: record.address,
        keystore: record.keystore,
        user_address: record.userAddress,
        user_keystore: record.userKeystore,
      })
      .onConflict('user_id')
      .ignore()
      .returning('user_id');
    return inserted.length === 1;
  }

  async replace(record: WalletUserRecord): Promise<boolean> {
    const updated = await this.#db(walletUsersTable).where({ user_id: record.userId }).update({
      type: record.type,
      address: record.address,
      keystore: record.keystore,
      user_address: record.userAddress,
      user_keystore: record.userKeystore,
    });
    return updated === 1;
  }

  async remove(userId: string): Promise<boolean> {
    return (await this.#db(walletUsersTable).where({ user_id: userId }).delete()) === 1;
  }

  async addUserKey(userId: string, userAddress: string, userKeystore: string): Promise<boolean> {
    const updated = await this.#db(walletUsersTable)
      .where({ user_id: userId })
      .whereNull('user_keystore')
      .update({ user_address: userAddress, user_keystore: userKeystore });
    return updated === 1;
  }
}
