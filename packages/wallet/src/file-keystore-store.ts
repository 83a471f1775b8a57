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
      return JSON.parse(await readFile(this.#path(userId), 'utf8')) as WalletUserRecord;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async insert(record: WalletUserRecord): Promise<boolean> {
    if (!isWalletUserId(record.userId)) throw new TypeError('invalid wallet user id');
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    // Write aside, then publish with a link-free exclusive create so two writers cannot both win.
    const temporary = `${this.#path(record.userId)}.${process.pid}.tmp`;
    const file = await open(temporary, 'w', 0o600);
    try {
      await file.writeFile(JSON.stringify(record));
      await file.sync();
    } finally {
      await file.close();
    }
    if (await this.find(record.userId)) {
      await rm(temporary, { force: true });
      return false;
    }
    await rename(temporary, this.#path(record.userId));
    return true;
  }

  #path(userId: string): string {
    return join(this.#dir, `${userId}.json`);
  }
}
