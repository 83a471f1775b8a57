import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { randomWallet, WorkerPool } from '@scr/wallet';
import { getBytes, MessagePrefix, Wallet } from 'ethers';
import type { Config } from '../config.ts';
import { keccakBytes } from '../crypto/fast-keccak.ts';
import { nativeSecp256k1 } from '../crypto/native-secp256k1.ts';

/** The server's own signer for the ledger events it records (DESIGN §3 "Who signs"). */
export interface ServerKey {
  /** EIP-55 address; published in `app-info` as `serverAddress` for offline verification. */
  readonly address: string;
  /** EIP-191 `personal_sign` of a statement text. */
  sign(text: string): string;
  /**
   * `sign` of each text, in order; a batch of many in the signing workers, off the event loop.
   * A key without it signs one text after the other.
   */
  signMany?(texts: readonly string[]): Promise<string[]>;
}

/**
 * SERVER_PRIVATE_KEY, else a random key created once in the data folder (`server-key`, file mode
 * 0600) so the address survives a restart of a single instance. Several instances sharing
 * PostgreSQL need SERVER_PRIVATE_KEY (config requires it in production).
 */
export function loadServerKey(config: Config): ServerKey {
  const wallet = new Wallet(config.serverPrivateKey ?? storedKey(config.dataDir));
  return { address: wallet.address, ...messageSigner(wallet) };
}

/** ES2024's `String.prototype.isWellFormed` (Node 20), beyond our `lib`. */
type WellFormed = { isWellFormed(): boolean };
const messagePrefix = Buffer.from(MessagePrefix, 'utf8');

/** The EIP-191 digest of a well-formed text: keccak-256 of the prefix, its length, its bytes. */
function messageDigest(text: string): Uint8Array {
  const bytes = Buffer.from(text, 'utf8');
  return keccakBytes(messagePrefix, Buffer.from(String(bytes.length)), bytes);
}

/** From this many texts a batch is signed in the workers; fewer here (a round trip is 1 ms). */
const workerFrom = 64;
/** Texts of one job: some 15 ms of signing. */
const textsPerJob = 250;
let signingPool: WorkerPool | undefined;

/** How many signing workers run (they start at the first large batch): for tests. */
export const signingWorkers = () => signingPool?.workers ?? 0;

/**
 * `wallet.signMessageSync`, in libsecp256k1 where its binding loads: the same EIP-191 digest
 * and RFC 6979 nonce, and the same low-s form, so the same signature byte for byte, in about
 * 0.06 ms instead of 1 ms or more (creating 5,000 releases signs 5,000 statements). ethers'
 * JavaScript otherwise, and for a text with a lone surrogate (ethers refuses it, as before).
 * `signMany` signs large batches in the signing workers (`sign-worker.mjs`, a worker per core:
 * the caller waits for them), digests hashed here; a job whose worker fails is signed here.
 */
export function messageSigner(wallet: Pick<Wallet, 'privateKey' | 'signMessageSync'>): {
  sign(text: string): string;
  signMany(texts: readonly string[]): Promise<string[]>;
} {
  const native = nativeSecp256k1;
  if (!native) {
    const sign = (text: string) => wallet.signMessageSync(text);
    return { sign, signMany: async (texts) => texts.map(sign) };
  }
  const privateKey = getBytes(wallet.privateKey);
  const serialized = (signature: Uint8Array, recid: number) =>
    `0x${Buffer.from(signature).toString('hex')}${(27 + recid).toString(16)}`;
  const sign = (text: string) => {
    if (!(text as unknown as WellFormed).isWellFormed()) return wallet.signMessageSync(text);
    const { signature, recid } = native.ecdsaSign(messageDigest(text), privateKey);
    return serialized(signature, recid);
  };
  const inWorker = async (texts: readonly string[]): Promise<string[]> => {
    const digests = new Uint8Array(texts.length * 32);
    texts.forEach((text, i) => digests.set(messageDigest(text), i * 32));
    const key = new Uint8Array(privateKey).buffer;
    signingPool ??= new WorkerPool({
      name: 'signing',
      workerUrl: new URL('./sign-worker.mjs', import.meta.url),
      size: availableParallelism(),
      jobTimeoutMs: 60_000,
      log: () => undefined,
    });
    const signatures = await signingPool.run<Uint8Array>(
      { privateKey: key, digests: digests.buffer },
      [key, digests.buffer],
    );
    return texts.map((_, i) =>
      serialized(signatures.subarray(i * 65, i * 65 + 64), signatures[i * 65 + 64]! - 27),
    );
  };
  const signMany = async (texts: readonly string[]): Promise<string[]> => {
    const wellFormed = texts.every((text) => (text as unknown as WellFormed).isWellFormed());
    if (texts.length < workerFrom || !wellFormed || signingPool?.broken) return texts.map(sign);
    const jobs: Promise<string[]>[] = [];
    for (let i = 0; i < texts.length; i += textsPerJob) {
      if (i > 0) await yieldToLoop();
      const piece = texts.slice(i, i + textsPerJob);
      jobs.push(inWorker(piece).catch(() => piece.map(sign)));
    }
    return (await Promise.all(jobs)).flat();
  };
  return { sign, signMany };
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
