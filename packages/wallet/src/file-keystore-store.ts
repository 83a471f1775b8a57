import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isWalletUserId, type KeystoreStore, type WalletUserRecord } from './keystore-store.ts';

/**
 * Keystores as files, one per wallet user, in the wallet's own folder: the on-premise wallet's
 * store, laid out like any keystore directory so an organisation can back it up as files.
 */
export class FileKeystoreStore implements KeystoreStore {
  readonly #dir: string;

  constructor(dir: string) {
    this.#dir = dir;
  }

  async find(userId: string): Promise<WalletUserRecord | null> {
    if (!isWalletUserId(userId)) return null;
    try {
      const record = JSON.parse(await readFile(this.#path(userId), 'utf8')) as WalletUserRecord;
      // Files written before personal sign-in keys have neither field.
      return {
        ...record,
        userAddress: record.userAddress ?? null,
        userKeystore: record.userKeystore ?? null,
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async insert(record: WalletUserRecord): Promise<boolean> {
    if (!isWalletUserId(record.userId)) throw new TypeError('invalid wallet user id');
    if (await this.find(record.userId)) return false;
    await this.#write(record);
    return true;
  }

  async addUserKey(userId: string, userAddress: string, userKeystore: string): Promise<boolean> {
    const record = await this.find(userId);
    if (!record || record.userKeystore) return false;
    await this.#write({ ...record, userAddress, userKeystore });
    return true;
  }

  async replace(record: WalletUserRecord): Promise<boolean> {
    if (!(await this.find(record.userId))) return false;
    await this.#write(record);
    return true;
  }

  async remove(userId: string): Promise<boolean> {
    if (!(await this.find(userId))) return false;
    await rm(this.#path(userId), { force: true });
    return true;
  }

  /** Writes aside, syncs, then renames into place: a reader sees the old file or the new one. */
  async #write(record: WalletUserRecord): Promise<void> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    const temporary = `${this.#path(record.userId)}.${process.pid}.${Date.now()}.tmp`;
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.writeFile(JSON.stringify(record));
      await file.sync();
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    } finally {
      await file.close();
    }
    await rename(temporary, this.#path(record.userId));
  }

  #path(userId: string): string {
    return join(this.#dir, `${userId}.json`);
  }
}
