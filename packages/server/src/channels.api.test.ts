import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import * as XLSX from '@e965/xlsx';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCaller, signedInOrganization } from './services/admin-common/test-kit.ts';
import {
  addParty,
  releasePayload,
  releaseTerminal,
  uniqueBl,
  uniqueContainer,
} from './test/factories-releases.ts';
import { connect, custodyCaller } from './test/custody.ts';
import { startTestApp, type TestServer } from './test/start-app.ts';
import { waitFor } from './test/wait-for.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: Awaited<ReturnType<typeof signedInOrganization>>;
let forwarder: Awaited<ReturnType<typeof signedInOrganization>>;
let outsider: Awaited<ReturnType<typeof signedInOrganization>>;
let terminal: string;
const sockets: Socket[] = [];

interface Heard {
  event: string;
  payload: Record<string, unknown>;
}

/** A socket.io client of the test's own that records every `releases` event it hears. */
async function listener(accessToken?: string, baseUrl = server.baseUrl) {
  const socket = io(baseUrl, { transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  const heard: Heard[] = [];
  for (const event of ['created', 'patched', 'removed']) {
    socket.on(`releases ${event}`, (payload: Record<string, unknown>) =>
      heard.push({ event, payload }),
    );
  }
  if (accessToken) {
    const [error] = await call(socket, 'create', 'authentication', {
      strategy: 'jwt',
      accessToken,
    });
    expect(error).toBeNull();
  }
  return { socket, heard };
}

/** Feathers over socket.io: emits a method call and resolves with the acknowledgement (error, result). */
function call(socket: Socket, method: string, ...args: unknown[]): Promise<[unknown, unknown]> {
  return new Promise((resolve) =>
    socket.emit(method, ...args, (...answer: unknown[]) => resolve(answer as [unknown, unknown])),
  );
}

/**
 * Nothing more arrives for this socket: a round trip on it after the event reached its
 * recipients (socket.io keeps order per connection) flushes anything already sent to it.
 */
async function settled(socket: Socket) {
  await call(socket, 'find', 'app-info', {});
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
    await waitFor('the carrier to hear the creation', () => carrierSocket.heard.length === 1);
    expect(carrierSocket.heard[0]).toEqual({
      event: 'created',
      payload: {
        address,
        blNumber: body.billOfLading.blNumber,
        containerNumber: body.container.containerNumber,
        operation: 'create',
        organizationAddresses: [carrier.address],
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
      () => carrierSocket.heard.length === 2 && forwarderSocket.heard.length === 1,
    );
    const edited = {
      event: 'patched',
      payload: expect.objectContaining({ address, operation: 'edit' }),
    };
    expect(carrierSocket.heard[1]).toEqual(edited);
    expect(forwarderSocket.heard[0]).toEqual(edited);
    expect(new Set(forwarderSocket.heard[0]!.payload.organizationAddresses as string[])).toEqual(
      new Set([carrier.address, forwarder.address]),
    );

    // A change made over socket.io is published the same way.
    const [error] = await call(carrierSocket.socket, 'remove', 'releases', address, {});
    expect(error).toBeNull();
    await waitFor(
      'both parties to hear the delete',
      () => carrierSocket.heard.length === 3 && forwarderSocket.heard.length === 2,
    );
    expect(forwarderSocket.heard[1]).toMatchObject({
      event: 'removed',
      payload: { address, operation: 'delete' },
    });

    await Promise.all([settled(outsiderSocket.socket), settled(anonymous.socket)]);
    expect(outsiderSocket.heard).toEqual([]);
    expect(anonymous.heard).toEqual([]);
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
    expect(receiverSocket.heard[0]).toEqual({
      event: 'patched',
      payload: expect.objectContaining({ address, operation: 'transfer' }),
    });
    const revoke = await calls.act(acting, 'revoke', [address]);
    expect(revoke.applied.status).toBe(201);
    await waitFor('the party revoked out to hear it', () => receiverSocket.heard.length === 2);
    expect(receiverSocket.heard[1]!.payload).toMatchObject({ address, operation: 'revoke' });
    expect(receiverSocket.heard[1]!.payload.organizationAddresses).toContain(receiver.address);
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
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['BL'], line]), 'S');
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
    expect(carrierSocket.heard[0]).toMatchObject({
      event: 'created',
      payload: { blNumber: line[0], containerNumber: line[7], operation: 'create' },
    });
  });

  it('stops when the socket signs out', async () => {
    const carrierSocket = await listener(carrier.tokens[1]);
    const [error] = await call(carrierSocket.socket, 'remove', 'authentication', null, {});
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

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

/**
 * Two instances on one PostgreSQL database and one Redis (DESIGN §2 "Scale out"): a change made
 * through one reaches a socket of the chain connected to the other. PGlite has one process per
 * database, so this runs on PostgreSQL only.
 */
describe.skipIf(!hasRedis || !inject('testDatabaseUrl'))(
  'live notifications between instances (feathers-sync)',
  () => {
    let redis: ChildProcess;
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise((resolve) => probe.close(resolve));
      redis = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no']);
      let output = '';
      redis.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitFor('redis to accept connections', () => output.includes('Ready to accept'));
      const env = {
        REDIS_URL: `redis://127.0.0.1:${port}`,
        AUTH_SECRET: randomBytes(32).toString('hex'),
        SERVER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
      };
      [a, b] = await Promise.all([startTestApp({ env }), startTestApp({ env })]);
      for (const instance of [a, b]) {
        await (instance.portal.app as unknown as { sync: { ready: Promise<void> } }).sync.ready;
      }
    });
    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      redis?.kill();
    });

    it("publishes a change made on one instance to the chain's sockets on the other", async () => {
      const chainCarrier = await signedInOrganization(a, { role: 'carrier' });
      const stranger = await signedInOrganization(a, { role: 'carrier' });
      const code = await releaseTerminal(a.knex);
      const party = await listener(chainCarrier.tokens[1]!, b.baseUrl);
      const other = await listener(stranger.tokens[1]!, b.baseUrl);
      const created = await apiCaller(a)('releases', {
        method: 'POST',
        token: chainCarrier.tokens[0],
        body: await releasePayload(a.knex, { pickupLocation: code }),
      });
      expect(created.status).toBe(201);
      await waitFor('the socket on the other instance to hear it', () => party.heard.length === 1);
      expect(party.heard[0]).toMatchObject({
        event: 'created',
        payload: { address: created.body.address },
      });
      await settled(other.socket);
      expect(other.heard).toEqual([]);
    });
  },
);
