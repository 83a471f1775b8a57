import * as XLSX from '@e965/xlsx';
import { feathers } from '@feathersjs/feathers';
import socketio from '@feathersjs/socketio-client';
import {
  noticeReleases,
  releaseNoticeEvent,
  uploadColumns,
  type ReleaseNoticePayload,
} from '@scr/domain';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from './test/admin-kit.ts';
import {
  addParty,
  releasePayload,
  releaseTerminal,
  uniqueBl,
  uniqueContainer,
} from './test/factories-releases.ts';
import { connect, custodyCaller } from './test/custody.ts';
import { startTestApp, type TestServer } from './test/start-app.ts';
import { releaseListener, socketCall, type Heard } from './test/sockets.ts';
import type { PrivateRedis } from './test/private-redis.ts';
import {
  eventsPart,
  eventsUp,
  startTwoInstances,
  twoInstancesPossible,
} from './test/two-instances.ts';
import { waitFor } from './test/wait-for.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let forwarder: SignedInOrganization;
let outsider: SignedInOrganization;
let terminal: string;
const sockets: Socket[] = [];

/** A socket.io client of the test's own that records every `releases` event it hears. */
async function listener(accessToken?: string, baseUrl = server.baseUrl) {
  const made = await releaseListener(baseUrl, sockets, accessToken);
  expect(made.error).toBeNull();
  return made;
}

/** The addresses of the releases a listener heard of, in order. */
const addressesOf = (listening: { heard: Heard[] }) =>
  listening.heard.map((notice) => notice.payload.address);

/**
 * Nothing more arrives for this socket: a round trip on it after the event reached its
 * recipients (socket.io keeps order per connection) flushes anything already sent to it.
 */
async function settled(socket: Socket) {
  await socketCall(socket, 'find', 'app-info', {});
}

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  [carrier, forwarder, outsider] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server, { role: 'other' }),
    signedInOrganization(server, { role: 'other' }),
  ]);
  terminal = await releaseTerminal(server.knex);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

describe('live notifications (releases spec §4 "Live notifications")', () => {
  it("reach, over socket.io, the organisations in the release's chain and no one else", async () => {
    const carrierSocket = await listener(carrier.tokens[1]);
    const forwarderSocket = await listener(forwarder.tokens[1]);
    const outsiderSocket = await listener(outsider.tokens[1]);
    const anonymous = await listener();

    const body = await releasePayload(server.knex, { pickupLocation: terminal });
    const created = await api('releases', { method: 'POST', token: carrier.tokens[0], body });
    const { address } = created.body;
    await waitFor('the carrier to hear the creation', () => carrierSocket.notices.length === 1);
    const release = {
      address,
      blNumber: body.billOfLading.blNumber,
      containerNumber: body.container.containerNumber,
    };
    const bls = (version: number, status = 'released') => [
      {
        blNumber: release.blNumber,
        addresses: [address],
        containerNumbers: [release.containerNumber],
        versions: [version],
        statuses: [status],
      },
    ];
    expect(carrierSocket.notices[0]).toEqual({
      operation: 'create',
      organizationAddress: carrier.address,
      bls: bls(1),
      // Issue 15: who acted; the acting organisation alone hears which of its users it was.
      by: {
        organizationAddress: carrier.address,
        organizationName: carrier.name,
        userId: carrier.users[0]!.id,
      },
    });

    await addParty(server.knex, address, forwarder.id);
    await api(`releases/${address}`, {
      method: 'PATCH',
      token: carrier.tokens[0],
      body: { vessel: 'Live' },
    });
    await waitFor(
      'both parties to hear the edit',
      () => carrierSocket.notices.length === 2 && forwarderSocket.notices.length === 1,
    );
    expect(carrierSocket.notices[1]).toMatchObject({
      operation: 'edit',
      organizationAddress: carrier.address,
      bls: bls(3),
      by: { userId: carrier.users[0]!.id },
    });
    // Each organisation's copy names it; another organisation hears which organisation changed
    // the release, never who in it.
    expect(forwarderSocket.notices[0]).toEqual({
      operation: 'edit',
      organizationAddress: forwarder.address,
      bls: bls(3),
      by: { organizationAddress: carrier.address, organizationName: carrier.name },
    });

    // A change made over socket.io is published the same way.
    const [error] = await socketCall(carrierSocket.socket, 'remove', 'releases', address, {});
    expect(error).toBeNull();
    await waitFor(
      'both parties to hear the delete',
      () => carrierSocket.notices.length === 3 && forwarderSocket.notices.length === 2,
    );
    expect(forwarderSocket.notices[1]).toMatchObject({ operation: 'delete' });
    expect(noticeReleases(forwarderSocket.notices[1]!)).toEqual([
      { ...release, version: 4, status: 'deleted' },
    ]);

    await Promise.all([settled(outsiderSocket.socket), settled(anonymous.socket)]);
    expect(outsiderSocket.heard).toEqual([]);
    expect(anonymous.heard).toEqual([]);
    // Issue 42 item 5: `releases notice` only, never the service's own events.
    for (const socket of [carrierSocket, forwarderSocket, outsiderSocket, anonymous]) {
      expect(socket.others).toEqual([]);
    }
  });

  it('a transfer and a revoke reach the chain, also the party revoked out, and no one else', async () => {
    const receiver = await signedInOrganization(server);
    await connect(server.knex, carrier, receiver);
    const carrierSocket = await listener(carrier.tokens[1]);
    const receiverSocket = await listener(receiver.tokens[1]);
    const outsiderSocket = await listener(outsider.tokens[1]);
    const body = await releasePayload(server.knex, { pickupLocation: terminal });
    const { address } = (await api('releases', { method: 'POST', token: carrier.tokens[0], body }))
      .body;
    const acting = {
      address: carrier.address,
      privateKey: carrier.privateKey,
      token: carrier.tokens[0]!,
    };
    const calls = custodyCaller(server);
    const transfer = await calls.act(acting, 'transfer', [address], receiver.address);
    expect(transfer.applied.status).toBe(201);
    await waitFor('the receiver to hear the transfer', () => receiverSocket.heard.length === 1);
    expect(receiverSocket.heard[0]!.payload).toMatchObject({ address, operation: 'transfer' });
    const revoke = await calls.act(acting, 'revoke', [address]);
    expect(revoke.applied.status).toBe(201);
    await waitFor('the party revoked out to hear it', () => receiverSocket.heard.length === 2);
    expect(receiverSocket.heard[1]!.payload).toMatchObject({ address, operation: 'revoke' });
    expect(receiverSocket.heard[1]!.payload.organizationAddress).toBe(receiver.address);
    await waitFor('the carrier to hear both', () => carrierSocket.heard.length === 3);
    await settled(outsiderSocket.socket);
    expect(outsiderSocket.heard).toEqual([]);
  });

  it('tells nobody of a refused change, and the carrier of releases made by an upload', async () => {
    const carrierSocket = await listener(carrier.tokens[1]);
    const refused = await api('releases', {
      method: 'POST',
      token: carrier.tokens[0],
      body: await releasePayload(server.knex, { pickupLocation: 'NOPE' }),
    });
    expect(refused.status).toBe(400);

    const book = XLSX.utils.book_new();
    const line = [uniqueBl(), '', '', '', '', '', '', uniqueContainer(), '', terminal];
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([uploadColumns.slice(0, line.length), line]),
      'S',
    );
    const form = new FormData();
    form.append(
      'file',
      new Blob([XLSX.write(book, { type: 'buffer', bookType: 'xlsx' })]),
      'live.xlsx',
    );
    const uploaded = await fetch(`${server.baseUrl}/api/release-uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${carrier.tokens[0]}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    await waitFor('the carrier to hear the upload', () => carrierSocket.heard.length === 1);
    expect(carrierSocket.heard[0]!.payload).toMatchObject({
      blNumber: line[0],
      containerNumber: line[7],
      operation: 'create',
    });
  });

  it('issue 42 item 5: a Feathers client, as the web, hears them with service("releases").on("notice")', async () => {
    const socket = io(server.baseUrl, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    const client = feathers();
    client.configure(socketio(socket));
    await client
      .service('authentication')
      .create({ strategy: 'jwt', accessToken: carrier.tokens[0] });
    const heard: ReleaseNoticePayload[] = [];
    client.service('releases').on(releaseNoticeEvent, (notice: ReleaseNoticePayload) => {
      heard.push(notice);
    });
    const [address] = await createReleases(server, carrier, 1);
    await waitFor('the Feathers client to hear the creation', () => heard.length === 1);
    expect(heard[0]).toMatchObject({ operation: 'create', bls: [{ addresses: [address] }] });
  });

  it('stops when the socket signs out', async () => {
    const carrierSocket = await listener(carrier.tokens[1]);
    const [error] = await socketCall(carrierSocket.socket, 'remove', 'authentication', null, {});
    expect(error).toBeNull();
    const witness = await listener(carrier.tokens[0]);
    await api('releases', {
      method: 'POST',
      token: carrier.tokens[0],
      body: await releasePayload(server.knex, { pickupLocation: terminal }),
    });
    await waitFor('a signed-in socket to hear it', () => witness.heard.length === 1);
    await settled(carrierSocket.socket);
    expect(carrierSocket.heard).toEqual([]);
  });
});

/** A signed-in carrier creates `count` releases in one call; answers their addresses. */
async function createReleases(on: TestServer, org: SignedInOrganization, count: number) {
  const code = await releaseTerminal(on.knex);
  const body = [];
  for (let i = 0; i < count; i++)
    body.push(await releasePayload(on.knex, { pickupLocation: code }));
  const created = await apiCaller(on)('releases', { method: 'POST', token: org.tokens[0], body });
  expect(created.status).toBe(201);
  return (created.body as { address: string }[]).map((release) => release.address);
}

describe('issue 42 item 5: one message per organisation channel per action', () => {
  it('a 100-release transfer sends each socket one `releases notice` listing its 100 releases', async () => {
    const receiver = await signedInOrganization(server);
    await connect(server.knex, carrier, receiver);
    const addresses = await createReleases(server, carrier, 100);
    const carrierSockets = [await listener(carrier.tokens[0]), await listener(carrier.tokens[0])];
    const receiverSockets = [
      await listener(receiver.tokens[0]),
      await listener(receiver.tokens[0]),
    ];
    const outsiderSocket = await listener(outsider.tokens[0]);
    const acting = {
      address: carrier.address,
      privateKey: carrier.privateKey,
      token: carrier.tokens[0]!,
    };
    const transfer = await custodyCaller(server).act(
      acting,
      'transfer',
      addresses,
      receiver.address,
    );
    expect(transfer.applied.status).toBe(201);
    const everyone = [...carrierSockets, ...receiverSockets];
    await waitFor('every socket of the chain to hear the transfer', () =>
      everyone.every((socket) => socket.notices.length === 1),
    );
    await Promise.all([...everyone, outsiderSocket].map(({ socket }) => settled(socket)));
    for (const [socket, organization] of [
      ...carrierSockets.map((socket) => [socket, carrier] as const),
      ...receiverSockets.map((socket) => [socket, receiver] as const),
    ]) {
      expect(socket.frames.count).toBe(1);
      expect(socket.notices).toHaveLength(1);
      const [notice] = socket.notices;
      expect(notice).toMatchObject({
        operation: 'transfer',
        organizationAddress: organization.address,
        by: { organizationAddress: carrier.address },
      });
      expect(new Set(noticeReleases(notice!).map((release) => release.address))).toEqual(
        new Set(addresses),
      );
      expect(socket.others).toEqual([]);
    }
    // Only the acting organisation's copy names who acted.
    expect(carrierSockets[0]!.notices[0]!.by?.userId).toBe(carrier.users[0]!.id);
    expect(receiverSockets[0]!.notices[0]!.by).not.toHaveProperty('userId');
    expect(outsiderSocket.frames.count).toBe(0);
    expect(outsiderSocket.notices).toEqual([]);
  });
});

/**
 * Two instances on one PostgreSQL database and one Redis of the test's own (DESIGN §2 "Scale
 * out"; issue 42 item 4): a change made through one reaches a socket of the chain connected to
 * the other, and Redis stopped, frozen or restarted never keeps an instance from its own
 * sockets. PGlite has one process per database, so this runs on PostgreSQL only.
 */
describe.skipIf(!twoInstancesPossible())(
  'issue 42 item 4: live notifications between instances (a Redis stream)',
  () => {
    let a: TestServer;
    let b: TestServer;
    let redis: PrivateRedis;
    let stop: () => Promise<void>;
    let org: SignedInOrganization;
    let stranger: SignedInOrganization;
    beforeAll(async () => {
      // The portal starts while Redis is down.
      ({ a, b, redis, stop } = await startTwoInstances({ redisStopped: true }));
      [org, stranger] = await Promise.all([
        signedInOrganization(a, { role: 'carrier' }),
        signedInOrganization(a, { role: 'carrier' }),
      ]);
    });
    afterAll(() => stop?.());

    it('with Redis down from the start, each instance serves its own sockets, degraded; once Redis starts, A reaches B', async () => {
      const onA = await listener(org.tokens[1]!, a.baseUrl);
      const onB = await listener(org.tokens[1]!, b.baseUrl);
      const [kept] = await createReleases(a, org, 1);
      await waitFor('the socket on A to hear it', () => onA.heard.length === 1);
      expect(onA.heard[0]!.payload.address).toBe(kept);
      const part = await eventsPart(a);
      expect(part).toMatchObject({ state: 'degraded', detail: expect.stringContaining('since') });
      expect((await eventsPart(b))?.state).toBe('degraded');

      await redis.start();
      await eventsUp(a, b);
      const [after] = await createReleases(a, org, 1);
      await waitFor('the socket on B to hear it', () => addressesOf(onB).includes(after));
      // What A published while Redis was away was kept, and went out first when it returned.
      expect(addressesOf(onB)).toEqual([kept, after]);
      expect(addressesOf(onA)).toEqual([kept, after]);
    });

    it('while Redis is frozen (SIGSTOP) each instance serves its own sockets; it heals when Redis answers again', async () => {
      const onA = await listener(org.tokens[1]!, a.baseUrl);
      const onB = await listener(org.tokens[1]!, b.baseUrl);
      redis.pause();
      try {
        const [frozen] = await createReleases(a, org, 1);
        await waitFor('the socket on A to hear it', () => addressesOf(onA).includes(frozen));
        await waitFor(
          'A to report the events degraded',
          async () => (await eventsPart(a))?.state === 'degraded',
        );
      } finally {
        redis.resume();
      }
      await eventsUp(a, b);
      const [after] = await createReleases(a, org, 1);
      await waitFor('the socket on B to hear it', () => addressesOf(onB).includes(after));
      // Sent once more after a timeout on the frozen connection, it is still heard once.
      expect(new Set(addressesOf(onB)).size).toBe(addressesOf(onB).length);
    });

    it('Redis restarted in the middle: resumes without restarting the app', async () => {
      const onB = await listener(org.tokens[1]!, b.baseUrl);
      const other = await listener(stranger.tokens[1]!, b.baseUrl);
      await redis.stop();
      await waitFor(
        'B to report the events degraded',
        async () => (await eventsPart(b))?.state === 'degraded',
      );
      await redis.start();
      await eventsUp(a, b);
      const [after] = await createReleases(a, org, 1);
      await waitFor('the socket on B to hear it', () => addressesOf(onB).includes(after));
      expect(onB.notices.at(-1)).toMatchObject({
        operation: 'create',
        organizationAddress: org.address,
      });
      // The wrong organisation's socket hears nothing.
      await settled(other.socket);
      expect(other.heard).toEqual([]);
      expect(other.frames.count).toBe(0);
    });
  },
);
