import { execFile } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { tempDir } from './temp-dir.ts';

const run = promisify(execFile);

/** A PostgreSQL cluster of the test's own, to stop, restart or break without touching others. */
export interface PrivatePostgres {
  /** `postgres://postgres@127.0.0.1:{port}/postgres` (trust authentication). */
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back when it resolves. */
  restart(): Promise<void>;
  /** Stops the server at once and removes the cluster's folder. */
  remove(): Promise<void>;
  /** The server's own log so far (for a failing test's message). */
  log(): Promise<string>;
}

/**
 * The binaries of the newest PostgreSQL Debian installs (`/usr/lib/postgresql/{version}/bin`),
 * or PG_BIN. Throws when there is none: a fault test that needs its own cluster fails, never
 * skips, on a machine without PostgreSQL (`.ci/run` installs it).
 */
export function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((name) => /^\d+$/.test(name))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error(`No PostgreSQL under ${root}: set PG_BIN.`);
  return join(root, versions[0]!, 'bin');
}

/** A TCP port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts a PostgreSQL cluster of its own: initdb into a temporary folder, then the server on a
 * free loopback port, its socket in that folder, without fsync (a test's data need not survive
 * the machine). PostgreSQL refuses to run as root: as root, the binaries run as the `postgres`
 * user (runuser), which owns the folder. About a second to start here.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBin();
  const dir = tempDir('scr-private-postgres-');
  const data = join(dir, 'data');
  const logFile = join(dir, 'server.log');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = await run('id', ['-u', 'postgres']).then(async ({ stdout }) => ({
      uid: Number(stdout.trim()),
      gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
    }));
    chownSync(dir, ids.uid, ids.gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args], { timeout: 60_000 })
      : run(join(bin, tool), args, { timeout: 60_000 });
  const port = await freePort();
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (action: string, ...extra: string[]) =>
    pg('pg_ctl', [
      '-D',
      data,
      '-l',
      logFile,
      '-o',
      serverOptions,
      '-w',
      '-t',
      '30',
      ...extra,
      action,
    ]);
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await ctl('start');
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    restart: async () => void (await ctl('restart', '-m', 'fast')),
    remove: async () => {
      await ctl('stop', '-m', 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
    log: async () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
  };
}
