import {
  checkpointSigner,
  verifyWebhookSignature,
  type CheckpointWebhookEventBody,
  ledgerLeafHash,
  merkleRoot,
  signedCheckpointProblem,
  verifyConsistency,
  verifyInclusion,
  type SignedCheckpoint,
} from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { actingAs, custodyCaller, signedInChain } from '../test/custody.ts';
import { createRelease } from '../test/factories-releases.ts';
import { logLeaves } from '../test/log-leaves.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { webhookReceiver } from '../test/webhook-receiver.ts';
import { storedRoot } from './ledger-tree.ts';

/**
 * The ledger's signed checkpoints and their proofs over HTTP (docs/ledger.md), after real
 * releases and custody actions; tampering is `checkpoint-verify.api.test.ts`'s.
 */

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let forwarder: SignedInOrganization;
let outsider: SignedInOrganization;

const serverAddress = () => server.portal.app.get('serverKey').address;

/**
 * Runs the app's sequencer now (as its schedule would; the on-demand call has a budget) and
 * answers the latest checkpoint, as anyone reads it.
 */
async function signNow(): Promise<SignedCheckpoint> {
  expect(await server.portal.app.get('ledgerSequencer')!.runNow()).toBe(true);
  const answer = await api('ledger/checkpoints/latest');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

/** Three releases of the carrier: one transferred to the forwarder (signed), one blocked. */
async function releasesWithCustody() {
  const calls = custodyCaller(server);
  const made = [
    await createRelease(server, carrier, { pincode: '271828' }),
    await createRelease(server, carrier),
    await createRelease(server, carrier),
  ];
  const transferred = await calls.act(
    actingAs(carrier),
    'transfer',
    [made[0]!.address],
    forwarder.address,
  );
  expect(transferred.applied.status, JSON.stringify(transferred.applied.body)).toBe(201);
  const blocked = await calls.act(actingAs(carrier), 'block', [made[1]!.address]);
  expect(blocked.applied.status, JSON.stringify(blocked.applied.body)).toBe(201);
  return made;
}

/** The hashes of a release's events, by sequence. */
const eventsOf = (address: string) =>
  server
    .knex('release_events')
    .where({ release_address: address })
    .orderBy('sequence')
    .pluck('hash') as Promise<string[]>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  [carrier, forwarder] = await signedInChain(server, [{}, {}]);
  outsider = await signedInOrganization(server);
});
afterAll(() => server?.stop());

describe('signed checkpoints of the whole ledger (RFC 9162)', () => {
  it('signs a checkpoint after releases and custody actions, with every event once, and answers it to anyone', async () => {
    const made = await releasesWithCustody();
    const checkpoint = await signNow();
    const events = await server.knex('release_events').count({ n: '*' }).first();
    expect(checkpoint.treeSize).toBe(Number(events!.n));
    expect(checkpoint.server).toBe(serverAddress());
    expect(checkpointSigner(checkpoint, checkpoint.signature)).toBe(serverAddress());
    expect(signedCheckpointProblem(checkpoint, serverAddress())).toBeNull();
    expect(JSON.parse(checkpoint.text)).toMatchObject({
      kind: 'scr-ledger-checkpoint',
      v: 1,
      treeSize: checkpoint.treeSize,
    });
    // The root is the RFC 9162 root of the events' own hashes, in log order.
    expect(checkpoint.rootHash).toBe(merkleRoot(await logLeaves(server.knex, checkpoint.treeSize)));
    // Each release's events (creation, transfer, block) are in the log.
    for (const release of made) {
      for (const hash of await eventsOf(release.address)) {
        const logged = await server.knex('ledger_log').where({ leaf_hash: ledgerLeafHash(hash) });
        expect(logged).toHaveLength(1);
      }
    }
    // Open to anyone, without a session: the latest, and by its size.
    const latest = await api('ledger/checkpoints/latest');
    expect(latest).toMatchObject({ status: 200, body: checkpoint });
    const bySize = await api(`ledger/checkpoints/${checkpoint.treeSize}`);
    expect(bySize).toMatchObject({ status: 200, body: checkpoint });
  });

  it('signs again only when the log grew, and answers the latest otherwise', async () => {
    const before = await signNow();
    expect(await signNow()).toEqual(before);
    await createRelease(server, carrier);
    const after = await signNow();
    expect(after.treeSize).toBe(before.treeSize + 1);
    expect(
      await server.knex('ledger_checkpoints').where({ tree_size: before.treeSize }),
    ).toHaveLength(1);
  });

  it('answers the roots from stored nodes alone, at every size, as the events make them', async () => {
    // Enough events for stored nodes at level 4 (16 leaves) and a right edge of every shape.
    while ((await signNow()).treeSize < 40) await createRelease(server, carrier);
    const { treeSize } = await signNow();
    const leaves = await logLeaves(server.knex, treeSize);
    const nodes = await server
      .knex('ledger_nodes')
      .orderBy(['level', 'index'])
      .select('level', 'index');
    expect(nodes.map((node: { level: number }) => node.level)).toContain(4);
    expect(nodes.every((node: { level: number }) => node.level % 4 === 0)).toBe(true);
    for (let size = 0; size <= treeSize; size++) {
      expect(await storedRoot(server.knex, size), `size ${size}`).toBe(
        merkleRoot(leaves.slice(0, size)),
      );
    }
  });

  it('proves an event of your chain is in the latest checkpoint', async () => {
    const [release] = await releasesWithCustody();
    const checkpoint = await signNow();
    const [creation, transfer] = await eventsOf(release!.address);
    for (const [hash, token] of [
      [creation!, carrier.tokens[0]!],
      [transfer!, forwarder.tokens[1]!],
    ] as const) {
      const answer = await api(`ledger/proofs/inclusion?event=${hash}`, { token });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { leafHash, leafIndex, treeSize, proof } = answer.body;
      expect(answer.body.checkpoint).toEqual(checkpoint);
      expect(leafHash).toBe(ledgerLeafHash(hash));
      expect(verifyInclusion(leafHash, leafIndex, treeSize, proof, checkpoint.rootHash)).toBe(true);
      // The same proof proves nothing for another event.
      expect(
        verifyInclusion(
          ledgerLeafHash(creation === hash ? transfer! : creation!),
          leafIndex,
          treeSize,
          proof,
          checkpoint.rootHash,
        ),
      ).toBe(false);
    }
    // In an earlier checkpoint too, once the event is in it; not in one before it.
    const later = await createRelease(server, carrier);
    const next = await signNow();
    const [laterEvent] = await eventsOf(later.address);
    const inOld = await api(
      `ledger/proofs/inclusion?event=${creation}&treeSize=${checkpoint.treeSize}`,
      { token: carrier.tokens[0]! },
    );
    expect(
      verifyInclusion(
        inOld.body.leafHash,
        inOld.body.leafIndex,
        checkpoint.treeSize,
        inOld.body.proof,
        checkpoint.rootHash,
      ),
    ).toBe(true);
    const notYet = await api(
      `ledger/proofs/inclusion?event=${laterEvent}&treeSize=${checkpoint.treeSize}`,
      { token: carrier.tokens[0]! },
    );
    expect(notYet).toMatchObject({
      status: 404,
      body: { data: { code: 'ledger_event_not_in_checkpoint' } },
    });
    const inNew = await api(`ledger/proofs/inclusion?event=${laterEvent}`, {
      token: carrier.tokens[0]!,
    });
    expect(inNew.body.treeSize).toBe(next.treeSize);
    expect(
      verifyInclusion(
        inNew.body.leafHash,
        inNew.body.leafIndex,
        next.treeSize,
        inNew.body.proof,
        next.rootHash,
      ),
    ).toBe(true);
  });

  it('DESIGN §3 "Tenancy": an event outside your chain, unknown or not logged yet is not found; people and keys only', async () => {
    const [release] = await releasesWithCustody();
    await signNow();
    const [creation] = await eventsOf(release!.address);
    const path = `ledger/proofs/inclusion?event=${creation}`;
    expect((await api(path, { token: outsider.tokens[0]! })).body.data.code).toBe('not_found');
    expect((await api(path)).status).toBe(401);
    const unknown = await api(`ledger/proofs/inclusion?event=0x${'7'.repeat(64)}`, {
      token: carrier.tokens[0]!,
    });
    expect(unknown).toMatchObject({ status: 404, body: { data: { code: 'not_found' } } });
    const fresh = await createRelease(server, carrier);
    const [unlogged] = await eventsOf(fresh.address);
    const waiting = await api(`ledger/proofs/inclusion?event=${unlogged}`, {
      token: carrier.tokens[0]!,
    });
    expect(waiting.status).toBe(404);
    expect(waiting.body.message).toMatch(/logged within a minute/);
    // A system of the chain with releases:read reads it; one without the scope does not.
    const key = async (scopes: string[]) =>
      (
        await api('api-keys', {
          method: 'POST',
          token: carrier.tokens[0]!,
          body: { name: `ledger ${scopes}`, scopes },
        })
      ).body.key as string;
    expect((await api(path, { apiKey: await key(['releases:read']) })).status).toBe(200);
    expect((await api(path, { apiKey: await key(['releases:write']) })).status).toBe(403);
  });

  it('proves the latest checkpoint extends an earlier one, to anyone', async () => {
    await releasesWithCustody();
    const first = await signNow();
    await releasesWithCustody();
    const second = await signNow();
    expect(second.treeSize).toBeGreaterThan(first.treeSize);
    const answer = await api(
      `ledger/proofs/consistency?from=${first.treeSize}&to=${second.treeSize}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      from: first.treeSize,
      to: second.treeSize,
      checkpoint: second,
    });
    expect(
      verifyConsistency(
        first.treeSize,
        first.rootHash,
        second.treeSize,
        second.rootHash,
        answer.body.proof,
      ),
    ).toBe(true);
    // To the latest by default; a root the portal never signed does not verify.
    const byDefault = await api(`ledger/proofs/consistency?from=${first.treeSize}`);
    expect(byDefault.body.proof).toEqual(answer.body.proof);
    expect(
      verifyConsistency(
        first.treeSize,
        `0x${'0'.repeat(64)}`,
        second.treeSize,
        second.rootHash,
        answer.body.proof,
      ),
    ).toBe(false);
  });

  it.each([
    ['ledger/checkpoints/soon', 400, 'ledger_tree_size_invalid'],
    ['ledger/checkpoints/-1', 400, 'ledger_tree_size_invalid'],
    ['ledger/checkpoints/1.5', 400, 'ledger_tree_size_invalid'],
    ['ledger/proofs/consistency?from=9999999999999999', 400, 'ledger_tree_size_invalid'],
    // Past any safe integer, the portal's own guard answers for every service.
    ['ledger/checkpoints/99999999999999999999', 400, 'validation_failed'],
    ['ledger/checkpoints/999999', 404, 'ledger_checkpoint_not_found'],
    ['ledger/proofs/consistency', 400, 'validation_failed'],
    ['ledger/proofs/consistency?from=x', 400, 'ledger_tree_size_invalid'],
    ['ledger/proofs/consistency?from=5&to=3', 400, 'ledger_range_invalid'],
    ['ledger/proofs/consistency?from=1&to=999999', 404, 'ledger_checkpoint_not_found'],
    ['ledger/proofs/consistency?from=999999', 400, 'ledger_range_invalid'],
    ['ledger/proofs/consistency?from=1&from=2', 400, 'validation_failed'],
    ['ledger/proofs/consistency?from=1&other=2', 400, 'validation_failed'],
    ['ledger/proofs/inclusion', 400, 'validation_failed'],
    ['ledger/proofs/inclusion?event=0x12', 400, 'ledger_event_invalid'],
    [
      `ledger/proofs/inclusion?event=0x${'a'.repeat(64)}&treeSize=x`,
      400,
      'ledger_tree_size_invalid',
    ],
  ])(
    'GET %s answers %i %s with its translated message, never a 500',
    async (path, status, code) => {
      await createRelease(server, carrier);
      await signNow();
      const answer = await api(path, { token: carrier.tokens[0]! });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.data).toMatchObject({ code, key: `backend.error.${code}` });
    },
  );

  it('signs on demand for people and systems of any organisation, within a budget, never for a stranger', async () => {
    expect((await api('ledger/checkpoints', { method: 'POST', body: {} })).status).toBe(401);
    expect(
      (
        await api('ledger/checkpoints', {
          method: 'POST',
          token: outsider.tokens[0]!,
          body: { treeSize: 3 },
        })
      ).status,
    ).toBe(400);
    await createRelease(server, carrier);
    const first = await api('ledger/checkpoints', {
      method: 'POST',
      token: outsider.tokens[1]!,
      body: {},
    });
    expect(first.status).toBe(201);
    // It ran the sequencer: the new event is in the checkpoint it answers.
    const events = await server.knex('release_events').count({ n: '*' }).first();
    expect(first.body.treeSize).toBe(Number(events!.n));
    expect(signedCheckpointProblem(first.body, serverAddress())).toBeNull();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await api('ledger/checkpoints', { method: 'POST', token: outsider.tokens[0]!, body: {} }))
          .status,
      );
    }
    // 10 a minute per organisation (the call refused for its body did not count).
    expect(statuses).toEqual([...Array<number>(9).fill(201), 429]);
    // Another organisation's budget is its own.
    expect(
      (await api('ledger/checkpoints', { method: 'POST', token: forwarder.tokens[0]!, body: {} }))
        .status,
    ).toBe(201);
  });

  it('delivers each new checkpoint to every endpoint that takes `checkpoint`, signed twice over', async () => {
    const watcher = await signedInOrganization(server);
    const [keeper, other] = await Promise.all([webhookReceiver(), webhookReceiver()]);
    try {
      const register = async (url: string, eventTypes: string[]) => {
        const answer = await api('webhook-endpoints', {
          method: 'POST',
          token: watcher.tokens[0]!,
          body: { url, eventTypes },
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        return answer.body.secret as string;
      };
      const secret = await register(keeper.url, ['checkpoint']);
      await register(other.url, ['received', 'updated']);
      await createRelease(server, carrier);
      const checkpoint = await signNow();
      const outbox = server.portal.app.get('outbox')!;
      await waitFor('the checkpoint delivered', async () => {
        await outbox.wake();
        return keeper.accepted().length > 0;
      });
      const [delivery] = keeper.accepted();
      const body = delivery!.event as CheckpointWebhookEventBody;
      expect(body).toEqual({
        id: checkpoint.rootHash,
        type: 'checkpoint',
        occurredAt: checkpoint.time,
        checkpoint,
      });
      expect(delivery!.headers['x-scr-event-type']).toBe('checkpoint');
      expect(
        verifyWebhookSignature(
          String(delivery!.headers['x-scr-signature']),
          delivery!.body,
          secret,
        ),
      ).toBe(true);
      expect(signedCheckpointProblem(body.checkpoint, serverAddress())).toBeNull();
      // Nothing new, nothing sent; the endpoint without the type hears of no checkpoint.
      await signNow();
      await outbox.wake();
      expect(keeper.accepted()).toHaveLength(1);
      expect(other.received).toEqual([]);
      const log = await api(
        `webhook-deliveries?endpointId=${(await server.knex('webhook_endpoints').where({ url: keeper.url }).first('id')).id}`,
        { token: watcher.tokens[0]! },
      );
      expect(log.status).toBe(200);
      expect(log.body.data[0]).toMatchObject({
        eventType: 'checkpoint',
        eventId: checkpoint.rootHash,
        status: 'delivered',
      });
    } finally {
      await Promise.all([keeper.close(), other.close()]);
    }
  });
});
