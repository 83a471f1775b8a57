import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomWallet } from '@scr/wallet';
import { Wallet } from 'ethers';
import type { Config } from '../config.ts';

/** The server's own signer for the ledger events it records (DESIGN §3 "Who signs"). */
export interface ServerKey {
  /** EIP-55 address; published in `app-info` as `serverAddress` for offline verification. */
  readonly address: string;
  /** EIP-191 `personal_sign` of a statement text. */
  sign(text: string): string;
}

/**
 * SERVER_PRIVATE_KEY, else a random key created once in the data folder (`server-key`, file mode
 * 0600) so the address survives a restart of a single instance. Several instances sharing
 * PostgreSQL need SERVER_PRIVATE_KEY (config requires it in production).
 */
export function loadServerKey(config: Config): ServerKey {
  const wallet = new Wallet(config.serverPrivateKey ?? storedKey(config.dataDir));
  return { address: wallet.address, sign: (text) => wallet.signMessageSync(text) };
}

function storedKey(dataDir: string): string {
  const file = join(dataDir, 'server-key');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomWallet().privateKey;
  try {
    writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return readFileSync(file, 'utf8').trim();
    }
    throw error;
  }
}

declare module '../declarations.ts' {
  interface Configuration {
    /** The server's ledger signer (set before services are registered). */
    serverKey: ServerKey;
  }
}
