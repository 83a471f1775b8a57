import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseKind } from '../db/database.ts';
import { demoPassword } from '../demo/demo-accounts.ts';
import { loadDemoData } from '../demo/load-demo-data.ts';
import { createLogger } from '../logger.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import {
  backupRows,
  postgresServer,
  restoreTarget,
  rewriteBackup,
  type RestoreTarget,
} from '../test/backup-targets.ts';
import { createWalletOrganization } from '../test/factories.ts';
import { createRelease } from '../test/factories-releases.ts';
import { signIn } from '../test/sign-in.ts';
import { startTestApp, tempDir, type TestServer } from '../test/start-app.ts';
import { migrationSource } from '../db/migrations/index.ts';
import { BackupFileError } from './backup-format.ts';
import { restoreBackup, RestoreRefusedError } from './restore-backup.ts';
import {
  appliedMigrations,
  dropSchemaObjects,
  schemaTables,
  tablesWithRows,
} from './schema-catalog.ts';
import { writeBackup } from './write-backup.ts';

/** The back end of this project's apps: the source of the backups below. */
const projectKind: DatabaseKind = inject('postgresTemplate') ? 'postgres' : 'pglite';
const folder = tempDir('scr-backups-');
const targets: RestoreTarget[] = [];
afterAll(async () => {
  for (const target of targets) await target.remove();
  rmSync(folder, { recursive: true, force: true });
});

const fileNamed = (name: string) => join(folder, `${name}-${randomBytes(3).toString('hex')}.gz`);

async function emptyTarget(kind: DatabaseKind): Promise<RestoreTarget> {
  const target = await restoreTarget(kind);
  targets.push(target);
  return target;
}

/** Runs `work` on the target's database, opened for it alone and closed after. */
async function onTarget<T>(
  target: RestoreTarget,
  work: (db: Awaited<ReturnType<RestoreTarget['open']>>) => Promise<T>,
) {
  const db = await target.open();
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/** What a signed-in demo user's overview answers: both tabs' first pages. */
async function overviewOf(server: TestServer, email: string) {
  const user = await server.knex('users').where({ email }).first('id');
  const { accessToken } = await signIn(server.baseUrl, user.id, demoPassword);
  const get = async (path: string) => {
    const response = await fetch(`${server.baseUrl}/api/${path}`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { total: number; data: unknown[] };
  };
  return { bills: await get('bills-of-lading'), containers: await get('containers') };
}

describe('issue 42 item 9: a backup restores into either back end, all of it', () => {
  let source: TestServer;
  let file: string;
  let original: Awaited<ReturnType<typeof backupRows>>;
  const serverAddress = () => source.portal.app.get('serverKey').address as string;

  beforeAll(async () => {
    // A fresh app of the project's back end, with the demo world: releases created and passed
    // along the chain, so its ledger holds custody statements signed by the organisations.
    source = await startTestApp();
    const serverKey = source.portal.app.get('serverKey');
    expect(await loadDemoData(source.knex, { serverKey, logger: createLogger('silent') })).toBe(
      true,
    );
    file = fileNamed('demo');
    await writeBackup(source.knex, file, { source: projectKind });
    original = await backupRows(file);
  }, 180_000);
  afterAll(() => source?.stop());

  /** Restores the demo backup into an empty `kind`, and checks the copy holds the same rows. */
  async function restoredCopy(kind: DatabaseKind): Promise<RestoreTarget> {
    const target = await emptyTarget(kind);
    await onTarget(target, async (db) => {
      const summary = await restoreBackup(db.knex, file, { target: kind });
      expect(summary.laterMigrations).toEqual([]);
      const again = fileNamed(`again-${kind}`);
      await writeBackup(db.knex, again, { source: kind });
      expect(await backupRows(again)).toEqual(original);
    });
    return target;
  }

  /** A portal on the copy: its ledger verifies, and its users see what they saw. */
  async function expectSamePortal(target: RestoreTarget) {
    const copy = await startTestApp({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    try {
      const verified = await verifyLedger(copy.knex, { serverAddress: serverAddress() });
      expect(verified.broken).toBeNull();
      expect(verified.releases).toBeGreaterThan(5);
      expect(verified).toEqual(await verifyLedger(source.knex, { serverAddress: serverAddress() }));
      for (const email of ['carrier@demo.test', 'forwarder@demo.test']) {
        const seen = await overviewOf(copy, email);
        expect(seen.containers.total).toBeGreaterThan(0);
        expect(seen).toEqual(await overviewOf(source, email));
      }
    } finally {
      await copy.stop();
    }
  }

  it(`restores a ${projectKind} backup into an embedded database: the same rows, ledger and overview`, async () => {
    await expectSamePortal(await restoredCopy('pglite'));
  }, 180_000);

  it.skipIf(!postgresServer())(
    `restores a ${projectKind} backup into PostgreSQL: the same rows, ledger and overview`,
    async () => {
      await expectSamePortal(await restoredCopy('postgres'));
    },
    180_000,
  );

  it('refuses a database that holds rows unless forced, and then replaces all it held', async () => {
    const target = await restoredCopy(projectKind);
    await onTarget(target, async (db) => {
      await db.knex('ports').insert({ locode: 'ZZKEP', name: 'Kept', country: 'ZZ' });
      await expect(restoreBackup(db.knex, file, { target: projectKind })).rejects.toThrow(
        RestoreRefusedError,
      );
      expect(await db.knex('ports').where({ locode: 'ZZKEP' }).first()).toBeDefined();

      await restoreBackup(db.knex, file, { target: projectKind, force: true });
      expect(await db.knex('ports').where({ locode: 'ZZKEP' }).first()).toBeUndefined();
      const again = fileNamed('forced');
      await writeBackup(db.knex, again, { source: projectKind });
      expect(await backupRows(again)).toEqual(original);
    });
  }, 180_000);

  it('restores a backup of an older schema at its level, then runs the migrations after it', async () => {
    // A portal of an earlier version: its database migrated up to 0034, with some rows.
    const all = await migrationSource.getMigrations([]);
    const olderLevel = all.indexOf('0034-webhooks') + 1;
    const earlier: typeof migrationSource = {
      ...migrationSource,
      getMigrations: async () => all.slice(0, olderLevel),
    };
    const source = await emptyTarget(projectKind);
    const older = fileNamed('older');
    await onTarget(source, async (db) => {
      await db.knex.transaction((trx) => dropSchemaObjects(trx));
      await db.knex.migrate.latest({ migrationSource: earlier });
      await db.knex('ports').insert({ locode: 'ZZOLD', name: 'Older port', country: 'ZZ' });
      await writeBackup(db.knex, older, { source: projectKind });
    });
    const target = await emptyTarget(projectKind);
    await onTarget(target, async (db) => {
      const summary = await restoreBackup(db.knex, older, { target: projectKind });
      expect(summary.header.migrations).toEqual(all.slice(0, olderLevel));
      expect(summary.laterMigrations).toEqual(all.slice(olderLevel));
      expect(await appliedMigrations(db.knex)).toEqual(all);
      expect(await db.knex('ports').where({ locode: 'ZZOLD' }).first()).toMatchObject({
        name: 'Older port',
      });
      // The later migrations' tables are there, empty.
      expect((await schemaTables(db.knex)).map((table) => table.name)).toContain('shared_state');
    });
  }, 180_000);

  it('refuses a truncated, damaged, altered or too new file before it writes anything', async () => {
    const bytes = readFileSync(file);
    const bad = (name: string, content: Buffer) => {
      const path = fileNamed(name);
      writeFileSync(path, content);
      return path;
    };
    const rewritten = (name: string, edit: (lines: string[]) => string[], rehash = false) => {
      const path = fileNamed(name);
      rewriteBackup(file, path, edit, { rehash });
      return path;
    };
    const damaged = Buffer.from(bytes);
    damaged[Math.floor(damaged.length / 2)]! ^= 0xff;
    const rowOf = (lines: string[]) => lines.findIndex((line) => line.includes('Waasland'));
    const cases: [string, RegExp][] = [
      [bad('truncated', bytes.subarray(0, Math.floor(bytes.length * 0.6))), /truncated/],
      // Whatever the flipped byte makes of the stream, it never reads as a sound backup.
      [bad('damaged', damaged), /./],
      [bad('not-a-backup', gzipSync('id\tname\n1\tAcme\n')), /not a portal backup/],
      [
        rewritten('altered', (lines) =>
          lines.map((line, i) =>
            i === rowOf(lines) ? line.replace('Waasland', 'Waaslanx') : line,
          ),
        ),
        /checksum/,
      ],
      [
        rewritten('no-end', (lines) => lines.filter((line) => !line.startsWith('END '))),
        /truncated/,
      ],
      [
        rewritten(
          'short-row',
          (lines) =>
            lines.map((line, i) => (i === rowOf(lines) ? line.replace(/\t[^\t]*$/, '') : line)),
          true,
        ),
        /fields/,
      ],
      [
        rewritten(
          'newer',
          (lines) =>
            lines.map((line) =>
              line.startsWith('HEADER ')
                ? line.replace('"migrations":[', '"migrations":["9999-from-the-future",')
                : line,
            ),
          true,
        ),
        /newer schema.*9999-from-the-future/,
      ],
    ];
    const target = await emptyTarget(projectKind);
    await onTarget(target, async (db) => {
      const before = {
        tables: await schemaTables(db.knex),
        migrations: await appliedMigrations(db.knex),
      };
      for (const [path, reason] of cases) {
        const refusal = restoreBackup(db.knex, path, { target: projectKind, force: true });
        await expect(refusal, path).rejects.toThrow(BackupFileError);
        await expect(refusal, path).rejects.toThrow(reason);
      }
      expect({
        tables: await schemaTables(db.knex),
        migrations: await appliedMigrations(db.knex),
      }).toEqual(before);
      expect(await tablesWithRows(db.knex)).toEqual([]);
    });
  }, 180_000);
});

describe.runIf(projectKind === 'postgres')(
  'issue 42 item 9: a backup while the portal writes',
  () => {
    it('is one snapshot: what is written meanwhile is not in it, and the copy verifies', async () => {
      const server = await startTestApp();
      try {
        const carrier = await createWalletOrganization(server.knex, { role: 'carrier' });
        for (let i = 0; i < 3; i++) await createRelease(server, carrier, { pincode: '482913' });
        const before: string[] = await server.knex('releases').pluck('address');
        // Writes go on through the whole backup; some land right between the tables a release
        // spans: its events, parties and pincodes are read before the releases table.
        let writing = true;
        let written = 0;
        const writer = (async () => {
          for (; writing; written += 1) await createRelease(server, carrier, { pincode: '220011' });
        })();
        const between: string[] = [];
        const file = fileNamed('while-writing');
        try {
          await writeBackup(server.knex, file, {
            source: 'postgres',
            onTable: async (table) => {
              if (table !== 'releases') return;
              for (let i = 0; i < 2; i++) {
                between.push((await createRelease(server, carrier, { pincode: '111111' })).address);
              }
            },
          });
        } finally {
          writing = false;
          await writer;
        }
        expect(written).toBeGreaterThan(0);

        const target = await emptyTarget('postgres');
        await onTarget(target, async (db) => {
          await restoreBackup(db.knex, file, { target: 'postgres' });
          const restored: string[] = await db.knex('releases').pluck('address');
          expect(restored).toEqual(expect.arrayContaining(before));
          expect(restored.filter((address) => between.includes(address))).toEqual([]);
          const serverAddress = server.portal.app.get('serverKey').address as string;
          const verified = await verifyLedger(db.knex, { serverAddress });
          expect(verified).toMatchObject({ broken: null, releases: restored.length });
        });
      } finally {
        await server.stop();
      }
    }, 120_000);
  },
);
