import '../crypto/fast-keccak.ts';
/**
 * `npm run verify-ledger [-- --server-address 0x…] [--release 0x… …] [--checkpoint FILE]`: verifies every release's hash chain and every
 * statement signature, straight from the database (the embedded one in DATA_DIR, or DATABASE_URL),
 * without the server. Prints the first broken link and exits 1, or the counts verified.
 * With `--checkpoint`, a kept checkpoint (its JSON, or a keep file of `npm run ledger -- keep`,
 * of which the last line counts) must also be extended by the ledger (docs/ledger.md
 * "Proving extension"): else it prints why and exits 1.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Wallet } from 'ethers';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { verifyExtends, type KeptCheckpoint } from '../ledger/checkpoint-verify.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { createLogger } from '../logger.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);
const fail = (line: string, code = 2): never => {
  process.stderr.write(`${line}\n`);
  process.exit(code);
};

const { values } = parseArgs({
  options: {
    'server-address': { type: 'string' },
    release: { type: 'string', multiple: true },
    checkpoint: { type: 'string' },
  },
});

function configuration(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return fail(error.message);
    throw error;
  }
}
const config = configuration();

/** The address the server's own records are signed by: given, or from the server's key. */
function serverAddress(): string {
  if (values['server-address']) return values['server-address'];
  if (config.serverPrivateKey) return new Wallet(config.serverPrivateKey).address;
  const file = join(config.dataDir, 'server-key');
  if (existsSync(file)) return new Wallet(readFileSync(file, 'utf8').trim()).address;
  return fail('No server key found: pass --server-address (the serverAddress of /api/app-info).');
}

/** `--checkpoint FILE`: a kept checkpoint's JSON, or a keep file whose last line counts. */
function keptCheckpoint(file: string): KeptCheckpoint {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (error) {
    return fail(`Cannot read ${file}: ${(error as Error).message}`);
  }
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  for (const candidate of [text, lines.at(-1) ?? '']) {
    try {
      const value = JSON.parse(candidate) as KeptCheckpoint;
      if (value && typeof value === 'object' && !Array.isArray(value)) return value;
    } catch {
      // Not one JSON value: a keep file, whose last line is read next.
    }
  }
  return fail(`${file} holds no checkpoint: a checkpoint's JSON, or a keep file's lines`);
}

const address = serverAddress();
const kept = values.checkpoint === undefined ? null : keptCheckpoint(values.checkpoint);
function open(): Database {
  try {
    return openDatabase(config, createLogger('silent'));
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return fail(
        `${error.message}\nThe embedded database can be verified while the portal is stopped.`,
      );
    }
    throw error;
  }
}
const database = open();

try {
  const started = Date.now();
  const result = await verifyLedger(database.knex, {
    serverAddress: address,
    ...(values.release ? { releaseAddresses: values.release } : {}),
    onProgress: (releases, events) =>
      process.stderr.write(`\rverified ${releases} releases, ${events} events`),
  });
  process.stderr.write('\n');
  if (result.broken) {
    const { releaseAddress, sequence, reason } = result.broken;
    print(`BROKEN: release ${releaseAddress}${sequence ? `, event ${sequence}` : ''}: ${reason}`);
    print(`(${result.releases} releases verified before it)`);
    process.exitCode = 1;
  } else {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    print(
      `OK: ${result.releases} releases, ${result.events} events verified in ${seconds} s (server ${address})`,
    );
  }
  if (kept) {
    const extension = await verifyExtends(database.knex, kept, {
      serverAddress: address,
      onProgress: (events) => process.stderr.write(`\rrecomputed the log's tree: ${events} events`),
    });
    process.stderr.write('\n');
    if (extension.broken) {
      print(
        `BROKEN: the ledger does not extend checkpoint ${kept.treeSize}: ${extension.broken.reason}`,
      );
      process.exitCode = 1;
    } else {
      print(
        `OK: the ledger extends checkpoint ${kept.treeSize} (${kept.rootHash}); the latest, ${extension.latest!.treeSize} events, is the server's`,
      );
    }
  }
} finally {
  await database.close();
}
