import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventHash, merkleRoot, type SignedCheckpoint } from '@scr/domain';
import { Wallet } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignedInOrganization } from '../test/admin-kit.ts';
import { actingAs, custodyCaller, signedInChain } from '../test/custody.ts';
import { createRelease } from '../test/factories-releases.ts';
import { logLeaves } from '../test/log-leaves.ts';
import { onPostgres, twoInstancesOnOneDatabase } from '../test/outbox-lanes.ts';
import { startTestApp, tempDir, type TestServer } from '../test/start-app.ts';
import { runCreateReleases } from '../releases/create-releases.ts';
import { releasePayload } from '../test/factories-releases.ts';
import { verifyExtends, type KeptCheckpoint } from './checkpoint-verify.ts';
import { keepCheckpoint, KeepRefusedError } from './keep-checkpoints.ts';
import { runSequencer } from './ledger-log.ts';
import { ledgerEvents, storedEventContent } from './ledger.ts';
import { verifyLedger } from './verify-ledger.ts';

/**
 * docs/ledger.md "Proving extension": whoever runs the database can re-hash a release's chain
 * after rewriting it, and the chains verify; a checkpoint kept before does not. Each test has a
 * ledger of its own, which it tampers with as the operator could.
 */

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

interface Ledger {
  server: TestServer;
  carrier: SignedInOrganization;
  forwarder: SignedInOrganization;
  /** More history: releases created, one transferred (signed), one blocked. */
  act(): Promise<string[]>;
  /** Runs the sequencer and answers the latest checkpoint. */
  sign(): Promise<SignedCheckpoint>;
  verify(kept: KeptCheckpoint | KeptCheckpoint[]): ReturnType<typeof verifyExtends>;
}

async function ledger(server?: TestServer): Promise<Ledger> {
  const app = server ?? (await startTestApp());
  if (!server) stops.push(() => app.stop());
  const [carrier, forwarder] = await signedInChain(app, [{}, {}]);
  const calls = custodyCaller(app);
  const serverKey = app.portal.app.get('serverKey');
  return {
    server: app,
    carrier,
    forwarder,
    async act() {
      const made = [];
      for (let i = 0; i < 3; i++) made.push((await createRelease(app, carrier)).address);
      const moved = await calls.act(actingAs(carrier), 'transfer', [made[0]!], forwarder.address);
      expect(moved.applied.status, JSON.stringify(moved.applied.body)).toBe(201);
      const blocked = await calls.act(actingAs(carrier), 'block', [made[1]!]);
      expect(blocked.applied.status, JSON.stringify(blocked.applied.body)).toBe(201);
      return made;
    },
    async sign() {
      await runSequencer(app.knex, { serverKey });
      const row = await app.knex('ledger_checkpoints').orderBy('tree_size', 'desc').first();
      const answer = await fetch(`${app.baseUrl}/api/ledger/checkpoints/${row.tree_size}`);
      return (await answer.json()) as SignedCheckpoint;
    },
    verify: (kept) => verifyExtends(app.knex, kept, { serverAddress: serverKey.address }),
  };
}

/**
 * What the operator could do to an event: change a column the statement does not sign (here its
 * time, backdated), then re-hash it and every later event of its release, links included, so the
 * release's chain verifies again.
 */
async function rewriteAndRehash(server: TestServer, address: string, sequence: number) {
  const rows = await ledgerEvents(server.knex)
    .where('e.release_address', address)
    .orderBy('e.sequence');
  let previous: string | null = null;
  for (const row of rows) {
    if (row.sequence < sequence) {
      previous = row.hash;
      continue;
    }
    const changed = {
      ...row,
      prev_hash: row.sequence === 1 ? null : previous,
      created_at: row.sequence === sequence ? new Date('2020-01-01T00:00:00.000Z') : row.created_at,
    };
    const hash = eventHash(storedEventContent(changed));
    await server
      .knex('release_events')
      .where({ id: row.id })
      .update({ prev_hash: changed.prev_hash, created_at: changed.created_at, hash });
    previous = hash;
  }
}

/** The operator rebuilds the log from the rewritten events and has the server sign again. */
async function rebuildLog(server: TestServer, options: { keepCheckpoints?: boolean } = {}) {
  await server.knex('ledger_log').del();
  await server.knex('ledger_nodes').del();
  await server.knex('ledger_log_state').del();
  if (!options.keepCheckpoints) await server.knex('ledger_checkpoints').del();
  await runSequencer(server.knex, { serverKey: server.portal.app.get('serverKey') });
}

/** Runs SQL as the database's owner may, foreign keys and triggers off (an attacker's session). */
async function asOperator(server: TestServer, work: (trx: TestServer['knex']) => Promise<void>) {
  await server.knex.transaction(async (trx) => {
    await trx.raw('set local session_replication_role = replica');
    await work(trx as unknown as TestServer['knex']);
  });
}

describe('verifyExtends: the ledger extends a kept checkpoint', () => {
  it('passes on an untouched ledger, also after more events and checkpoints, against one kept checkpoint or several', async () => {
    const l = await ledger();
    await l.act();
    const first = await l.sign();
    await l.act();
    const second = await l.sign();
    for (const kept of [first, second, [first, second]]) {
      const result = await l.verify(kept);
      expect(result.broken).toBeNull();
      expect(result.events).toBe(second.treeSize);
    }
    // A bare size and root, written down by hand, is enough.
    const bare = await l.verify({ treeSize: first.treeSize, rootHash: first.rootHash });
    expect(bare.broken).toBeNull();
  });

  it('finds an early event rewritten and its chain re-hashed, which the chains alone cannot', async () => {
    const l = await ledger();
    const [address] = await l.act();
    const kept = await l.sign();
    await l.act();
    await l.sign();
    await rewriteAndRehash(l.server, address!, 1);
    const chains = await verifyLedger(l.server.knex, {
      serverAddress: l.server.portal.app.get('serverKey').address,
      releaseAddresses: [address!],
    });
    expect(chains.broken).toBeNull();
    const result = await l.verify(kept);
    expect(result.broken).toEqual({
      problem: 'rewritten',
      reason: expect.stringMatching(
        new RegExp(
          `^event \\d+ \\(release ${address}, sequence 1\\) is not the one checkpoint ${kept.treeSize} holds at position \\d+$`,
        ),
      ),
    });
  });

  it('finds it when the operator also rebuilt the log and its nodes and had the server sign again', async () => {
    const l = await ledger();
    const [address] = await l.act();
    const kept = await l.sign();
    await rewriteAndRehash(l.server, address!, 2);
    // Signed again at the same size: the portal's checkpoint of the kept size has another root.
    await rebuildLog(l.server);
    const resigned = await l.verify(kept);
    expect(resigned.broken?.problem).toBe('resigned');
    expect(resigned.broken?.reason).toMatch(
      new RegExp(
        `^the portal's checkpoint ${kept.treeSize} has the root 0x[0-9a-f]{64}, the kept one ${kept.rootHash}: the ledger was rewritten and signed again$`,
      ),
    );
    // Signed again only at a later size: the kept root is not the events'.
    await l.act();
    await rebuildLog(l.server);
    const latest = await l.sign();
    expect(latest.treeSize).toBeGreaterThan(kept.treeSize);
    const rewritten = await l.verify(kept);
    expect(rewritten.broken).toEqual({
      problem: 'rewritten',
      reason: `the log's first ${kept.treeSize} events are not those checkpoint ${kept.treeSize} holds: an event among them was rewritten, removed or moved`,
    });
    // With the keep file's earlier checkpoints the range narrows.
    const narrowed = await l.verify([
      { treeSize: 2, rootHash: merkleRoot(await logLeaves(l.server.knex, 2)) },
      kept,
    ]);
    expect(narrowed.broken?.reason).toMatch(
      new RegExp(
        `^the log's events from position 2 to ${kept.treeSize - 1} \\(checkpoint 2 still holds\\) are not those checkpoint ${kept.treeSize} holds`,
      ),
    );
  });

  it('finds one event deleted: the log lost it, and so does a log rebuilt without it', async () => {
    const l = await ledger();
    await l.act();
    const kept = await l.sign();
    const victim = await l.server.knex('ledger_log').where({ index: 3 }).first('event_id');
    await asOperator(l.server, (trx) => trx('release_events').where({ id: victim.event_id }).del());
    expect((await l.verify(kept)).broken).toEqual({
      problem: 'lost',
      reason: `the log lost events: its position 3 names event ${victim.event_id}, which the ledger no longer holds`,
    });
    // The tidy operator: the log's row gone too, the positions after it closed up.
    await asOperator(l.server, async (trx) => {
      await trx('ledger_log').where({ index: 3 }).del();
      await trx.raw('update ledger_log set index = -index where index > 3');
      await trx.raw('update ledger_log set index = -index - 1 where index < 0');
    });
    expect((await l.verify(kept)).broken?.problem).toBe('lost');
    // Rebuilt and signed again, with one more event to reach the kept size.
    await createRelease(l.server, l.carrier);
    await rebuildLog(l.server);
    expect((await l.verify(kept)).broken?.problem).toBe('resigned');
  });

  it('finds two events of different releases swapped in the log', async () => {
    const l = await ledger();
    await l.act();
    const kept = await l.sign();
    const order: { index: string; release_id: string }[] = await l.server
      .knex('ledger_log as l')
      .join('release_events as e', 'e.id', 'l.event_id')
      .orderBy('l.index')
      .select('l.index', 'e.release_id');
    const a = order[1]!;
    const b = order.find(
      (row) => row.release_id !== a.release_id && Number(row.index) > Number(a.index),
    )!;
    await asOperator(l.server, async (trx) => {
      await trx('ledger_log').where({ index: a.index }).update({ index: -1 });
      await trx('ledger_log').where({ index: b.index }).update({ index: a.index });
      await trx('ledger_log').where({ index: -1 }).update({ index: b.index });
    });
    expect((await l.verify(kept)).broken).toEqual({
      problem: 'rewritten',
      reason: `the log's first ${kept.treeSize} events are not those checkpoint ${kept.treeSize} holds: an event among them was rewritten, removed or moved`,
    });
  });

  it('refuses a latest checkpoint signed by another key, and a kept one that is not the server’s', async () => {
    const l = await ledger();
    await l.act();
    const kept = await l.sign();
    const forger = Wallet.createRandom();
    expect(
      (await l.verify({ ...kept, signature: forger.signMessageSync(kept.text) })).broken,
    ).toMatchObject({
      problem: 'kept-checkpoint',
      reason: expect.stringMatching(/is signed by 0x[0-9a-fA-F]{40}, not by the server/),
    });
    await l.server
      .knex('ledger_checkpoints')
      .where({ tree_size: kept.treeSize })
      .update({ signature: forger.signMessageSync(kept.text) });
    expect((await l.verify(kept)).broken).toMatchObject({
      problem: 'latest-checkpoint',
      reason: expect.stringMatching(/^the latest checkpoint is signed by/),
    });
  });
});

describe('npm run ledger -- keep', () => {
  it('keeps each checkpoint that extends the last, and refuses one that does not', async () => {
    const l = await ledger();
    const file = join(tempDir(), 'checkpoints.jsonl');
    const url = l.server.baseUrl;
    await l.act();
    await l.sign();
    expect(await keepCheckpoint({ url, file })).toMatchObject({ appended: true, previous: null });
    expect(await keepCheckpoint({ url, file })).toMatchObject({ appended: false });
    await l.act();
    const second = await l.sign();
    const kept = await keepCheckpoint({ url, file });
    expect(kept).toMatchObject({ appended: true, checkpoint: second });
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).treeSize)).toEqual([
      kept.previous!.treeSize,
      second.treeSize,
    ]);
    // The kept file's checkpoints all verify against the ledger as it is.
    expect((await l.verify(lines.map((line) => JSON.parse(line)))).broken).toBeNull();

    // The operator rewrites an early event, rebuilds the log and has the server sign again.
    const [first] = await l.server.knex('releases').orderBy('id').pluck('address');
    await rewriteAndRehash(l.server, first, 1);
    await createRelease(l.server, l.carrier);
    await rebuildLog(l.server);
    const before = readFileSync(file, 'utf8');
    await expect(keepCheckpoint({ url, file })).rejects.toThrow(KeepRefusedError);
    await expect(keepCheckpoint({ url, file })).rejects.toThrow(
      new RegExp(`does not extend the kept checkpoint ${second.treeSize}`),
    );
    expect(readFileSync(file, 'utf8')).toBe(before);

    // The command says why and exits 1.
    // (Not spawnSync: this process serves the portal the command asks.)
    const args = ['--import', 'tsx', 'packages/server/src/scripts/ledger.ts', 'keep'];
    const command = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        [...args, '--url', url, '--file', file],
        { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
        (error, _stdout, stderr) =>
          resolve({ status: error ? Number(error.code) : 0, stderr: String(stderr) }),
      );
    });
    expect(command.stderr).toMatch(
      /^REFUSED: the portal's checkpoint \d+ does not extend the kept checkpoint/,
    );
    expect(command.status).toBe(1);
    // A kept line someone altered is refused as well.
    const altered = lines[0]!.replace(/"treeSize":\d+/, '"treeSize":1');
    writeFileSync(file, `${altered}\n`);
    await expect(keepCheckpoint({ url, file })).rejects.toThrow(
      'the kept checkpoint has a text that is not the canonical text of its fields',
    );
  }, 120_000);
});

describe.runIf(onPostgres())('the sequencer on PostgreSQL, where transactions overlap', () => {
  it('logs an event that commits after a higher id, once, and settles past it only when it has', async () => {
    const l = await ledger();
    await l.act();
    await l.sign();
    const serverKey = l.server.portal.app.get('serverKey');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldIds: string[] = [];
    const late = l.server.knex.transaction(async (trx) => {
      const { created } = await runCreateReleases(
        trx,
        serverKey,
        {
          organizationId: l.carrier.id,
          organizationAddress: l.carrier.address,
          organizationRole: 'carrier',
          userId: l.carrier.users[0]!.id,
          apiKeyId: null,
          label: `user:${l.carrier.users[0]!.id}`,
          seesTransferInfo: true,
        },
        [await releasePayload(l.server.knex, {})],
      );
      heldIds = await trx('release_events').where({ release_id: created[0]!.id }).pluck('id');
      await held;
    });
    while (heldIds.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // A later release commits first, with a higher id.
    const after = await createRelease(l.server, l.carrier);
    const [afterId] = await l.server
      .knex('release_events')
      .where({ release_address: after.address })
      .pluck('id');
    expect(Number(afterId)).toBeGreaterThan(Number(heldIds[0]));
    await runSequencer(l.server.knex, { serverKey });
    await runSequencer(l.server.knex, { serverKey });
    const state = await l.server.knex('ledger_log_state').first();
    // The held event's transaction still writes: nothing at or above its id is settled.
    expect(Number(state.settled_event_id)).toBeLessThan(Number(heldIds[0]));
    expect(
      await l.server.knex('ledger_log').where({ event_id: heldIds[0] }).first(),
    ).toBeUndefined();
    release();
    await late;
    await runSequencer(l.server.knex, { serverKey });
    const logged = await l.server
      .knex('ledger_log')
      .whereIn('event_id', [heldIds[0], afterId])
      .orderBy('index')
      .pluck('event_id');
    // Appended after the higher id: the log is in commit order, and a checkpoint never moves.
    expect(logged.map(String)).toEqual([String(afterId), String(heldIds[0])]);
    await runSequencer(l.server.knex, { serverKey });
    const settled = await l.server.knex('ledger_log_state').first();
    expect(Number(settled.settled_event_id)).toBeGreaterThanOrEqual(Number(afterId));
    const latest = await l.sign();
    const events = await l.server.knex('release_events').count({ n: '*' }).first();
    expect(latest.treeSize).toBe(Number(events!.n));
    expect((await l.verify(latest)).broken).toBeNull();
  });

  it('npm run verify-ledger -- --checkpoint FILE: OK on an untouched ledger, BROKEN with the reason after a rewrite', async () => {
    const l = await ledger();
    const [address] = await l.act();
    const kept = await l.sign();
    const file = join(tempDir(), 'kept.json');
    writeFileSync(file, `${JSON.stringify(kept)}\n`);
    const run = () =>
      new Promise<{ status: number; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'packages/server/src/scripts/verify-ledger.ts', '--checkpoint', file],
          {
            cwd: repoRoot,
            encoding: 'utf8',
            timeout: 60_000,
            env: {
              ...process.env,
              DATABASE_URL: l.server.portal.app.get('config').databaseUrl!,
              DATA_DIR: l.server.dataDir,
              LOG_LEVEL: 'silent',
            },
          },
          (error, stdout) =>
            resolve({ status: error ? Number(error.code) : 0, stdout: String(stdout) }),
        );
      });
    const untouched = await run();
    expect(untouched.stdout).toMatch(
      new RegExp(`OK: the ledger extends checkpoint ${kept.treeSize} `),
    );
    expect(untouched.status).toBe(0);
    await rewriteAndRehash(l.server, address!, 1);
    await rebuildLog(l.server);
    const broken = await run();
    expect(broken.stdout).toContain(
      `BROKEN: the ledger does not extend checkpoint ${kept.treeSize}: the portal's checkpoint ${kept.treeSize} has the root`,
    );
    expect(broken.status).toBe(1);
  }, 120_000);

  it('two instances’ sequencers never append an event twice, nor two at one position', async () => {
    const instances = await twoInstancesOnOneDatabase();
    stops.push(() => instances.stop());
    const l = await ledger(instances.a);
    const keyOf = (server: TestServer) => server.portal.app.get('serverKey');
    expect(keyOf(instances.a).address).toBe(keyOf(instances.b).address);
    const runs: Promise<unknown>[] = [];
    for (let round = 0; round < 4; round++) {
      // Events keep coming while both sequencers run, on demand and straight past the lease.
      runs.push(l.act());
      for (const server of [instances.a, instances.b]) {
        runs.push(runSequencer(server.knex, { serverKey: keyOf(server) }));
        runs.push(server.portal.app.get('ledgerSequencer')!.runNowOrAfter());
      }
      await Promise.all(runs.splice(0));
    }
    await runSequencer(instances.b.knex, { serverKey: keyOf(instances.b) });
    const rows = await instances.a.knex('ledger_log').orderBy('index').select('index', 'event_id');
    const events = await instances.a.knex('release_events').pluck('id');
    expect(rows.map((row: { index: string }) => Number(row.index))).toEqual(
      rows.map((_: unknown, i: number) => i),
    );
    expect(new Set(rows.map((row: { event_id: string }) => String(row.event_id)))).toEqual(
      new Set(events.map(String)),
    );
    expect(rows).toHaveLength(events.length);
    const latest = await l.sign();
    expect(latest.treeSize).toBe(events.length);
    expect((await l.verify(latest)).broken).toBeNull();
    // Each checkpoint either signed is the server's, and every later one extends every earlier one.
    const checkpoints = await instances.a
      .knex('ledger_checkpoints')
      .orderBy('tree_size')
      .select('tree_size', 'root_hash');
    expect(
      (
        await l.verify(
          checkpoints.map((row: { tree_size: string; root_hash: string }) => ({
            treeSize: Number(row.tree_size),
            rootHash: row.root_hash,
          })),
        )
      ).broken,
    ).toBeNull();
  }, 120_000);
});
