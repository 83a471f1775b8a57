import * as XLSX from '@e965/xlsx';
import type { Socket } from 'socket.io-client';
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
import { releaseListener, socketCall } from './test/sockets.ts';
import { startTwoInstances, twoInstancesPossible } from './test/two-instances.ts';
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
    await waitFor('the carrier to hear the creation', () => carrierSocket.heard.length === 1);
    expect(carrierSocket.heard[0]).toEqual({
      event: 'created',
      payload: {
        address,
        blNumber: body.billOfLading.blNumber,
        containerNumber: body.container.containerNumber,
        operation: 'create',
        organizationAddresses: [carrier.address],
        // Issue 15: who acted; the acting organisation alone hears which of its users it was.
        by: {
          organizationAddress: carrier.address,
          organizationName: carrier.name,
          userId: carrier.users[0]!.id,
        },
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
    // Another organisation hears which organisation changed the release, never who in it.
    expect(forwarderSocket.heard[0]!.payload.by).toEqual({
      organizationAddress: carrier.address,
      organizationName: carrier.name,
    });
    expect(carrierSocket.heard[1]!.payload.by).toMatchObject({ userId: carrier.users[0]!.id });

    // A change made over socket.io is published the same way.
    const [error] = await socketCall(carrierSocket.socket, 'remove', 'releases', address, {});
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

/**
 * Two instances on one PostgreSQL database and one Redis (DESIGN §2 "Scale out"): a change made
 * through one reaches a socket of the chain connected to the other. PGlite has one process per
 * database, so this runs on PostgreSQL only.
 */
describe.skipIf(!twoInstancesPossible())(
  'live notifications between instances (feathers-sync)',
  () => {
    let a: TestServer;
    let b: TestServer;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ a, b, stop } = await startTwoInstances());
    });
    afterAll(() => stop?.());

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
