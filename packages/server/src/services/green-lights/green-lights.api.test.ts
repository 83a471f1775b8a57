import { randomBytes } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { actingAs, custodyCaller } from '../../test/custody.ts';
import { addParty, createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { releaseListener } from '../../test/sockets.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { waitFor } from '../../test/wait-for.ts';

/*
 * Issue 14 item 2 through the real API: the port's status system (an API key of scope
 * `port-status:write`) posts events of the seven kinds (releases spec §4 "Green Light event
 * values"); domain computes each colour and the total; each change is a server-signed ledger
 * event (the audit trail's port-status rendering), told live, and shown on the release at BEANR
 * (not CSP120, K420, 120, 420) to viewers with canGreenLights (§3, §4 "Traffic light", §6).
 */
let server: TestServer;
let api: ReturnType<typeof apiCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let portSystem: Org;
let statusKey: string;
let antwerp: string;
let rotterdam: string;
const sockets: Socket[] = [];

async function keyOf(org: Org, scopes: string[]) {
  const answer = await api('api-keys', {
    method: 'POST',
    token: org.tokens[0],
    body: { name: `status ${scopes.join(' ')}`, scopes },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.key as string;
}

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  [carrier, forwarder, portSystem] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
  ]);
  antwerp = await releaseTerminal(server.knex);
  await server
    .knex('terminals')
    .insert({ code: 'CSP120', name: 'CSP Kaai 120', port_locode: 'BEANR' })
    .onConflict('code')
    .ignore();
  await server
    .knex('ports')
    .insert({ locode: 'NLRTM', name: 'Rotterdam', country: 'NL' })
    .onConflict('locode')
    .ignore();
  rotterdam = `R${randomBytes(4).toString('hex').toUpperCase()}`;
  await server
    .knex('terminals')
    .insert({ code: rotterdam, name: 'Maasvlakte', port_locode: 'NLRTM' });
  await server
    .knex('port_status_senders')
    .insert({ organization_id: portSystem.id, port_locode: 'BEANR' });
  statusKey = await keyOf(portSystem, ['port-status:write']);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

const post = (body: unknown, key = statusKey) =>
  api('port-status/events', { method: 'POST', apiKey: key, body });

/** A release of the carrier at `pickupLocation`, held by the forwarder. */
async function heldRelease(pickupLocation = antwerp) {
  const release = await createRelease(server, carrier, { pickupLocation });
  await addParty(server.knex, release.address, forwarder.id, { signedBy: carrier });
  return release;
}

const seenBy = async (org: Org, address: string) =>
  (await api(`releases/${address}`, { token: org.tokens[1] })).body;

describe('issue 14 item 2: green-light events change what the overview and the audit trail show', () => {
  it('computes each colour and the total, shows them, records them signed, tells the chain live', async () => {
    const release = await heldRelease();
    const listener = await releaseListener(server.baseUrl, sockets, forwarder.tokens[1]);
    expect((await seenBy(forwarder, release.address)).greenLights).toBeNull();

    const at = new Date(Date.now() - 60_000).toISOString();
    const answer = await post({
      events: [
        { containerNumber: release.containerNumber, kind: 'Commercial release', value: 'OK', at },
        {
          containerNumber: release.containerNumber,
          kind: 'customs',
          value: 'selected for scan',
          at,
        },
        { releaseAddress: release.address, kind: 'terminal_ready', value: 'ready', at },
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.results.map((r: { status: string }) => r.status)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    const lights = (await seenBy(forwarder, release.address)).greenLights;
    expect(lights).toEqual({
      events: {
        commercialrelease: { value: 'ok', color: 'green', updatedAt: at },
        customs: { value: 'selectedForScan', color: 'yellow', updatedAt: at },
        terminalready: { value: 'ready', color: 'green', updatedAt: at },
      },
      total: 'yellow',
      source: portSystem.name,
    });
    await waitFor('the live notice', () =>
      listener.heard.some(
        (heard) =>
          heard.payload.operation === 'greenLights' && heard.payload.address === release.address,
      ),
    );

    // Customs releases the container: every pick-up light is green, so is the total.
    await post({
      events: [{ containerNumber: release.containerNumber, kind: 'customs', value: 'released' }],
    });
    expect((await seenBy(forwarder, release.address)).greenLights.total).toBe('green');

    const trail = await api('audit-trail', {
      method: 'POST',
      token: forwarder.tokens[1],
      body: { releaseAddresses: [release.address] },
    });
    expect(trail.status, JSON.stringify(trail.body)).toBe(201);
    const portStatus = trail.body.data.filter(
      (entry: { operation: string }) => entry.operation === 'portStatus',
    );
    expect(portStatus).toHaveLength(4);
    expect(portStatus.at(-1)).toMatchObject({
      source: 'apiKey',
      sourceOrganizationName: portSystem.name,
      verified: true,
      description: {
        light: 'customs',
        value: 'released',
        color: 'green',
        total: { color: 'green' },
        source: portSystem.name,
      },
    });
    const verified = await verifyLedger(server.knex, {
      serverAddress: server.portal.app.get('serverKey').address,
      releaseAddresses: [release.address],
    });
    expect(verified.broken).toBeNull();
  });

  it('keeps the newer light when an older event arrives late, and an unchanged one records nothing', async () => {
    const release = await heldRelease();
    const now = new Date().toISOString();
    await post({
      events: [
        { releaseAddress: release.address, kind: 'pickuplight', value: 'assigned', at: now },
      ],
    });
    const older = new Date(Date.now() - 3_600_000).toISOString();
    const late = await post({
      events: [
        { releaseAddress: release.address, kind: 'pickuplight', value: 'revoked', at: older },
        { releaseAddress: release.address, kind: 'pickuplight', value: 'assigned', at: now },
      ],
    });
    expect(late.body.results.map((r: { status: string }) => r.status)).toEqual([
      'stale',
      'unchanged',
    ]);
    expect((await seenBy(forwarder, release.address)).greenLights.events.pickuplight).toMatchObject(
      {
        value: 'assigned',
        color: 'green',
      },
    );
    const events = await server
      .knex('release_events')
      .where({ release_address: release.address, operation: 'portStatus' })
      .count({ n: '*' });
    expect(Number(events[0]!.n)).toBe(1);
  });

  it('stamps an event without a time on receipt and orders it by arrival, not against the sender’s clock', async () => {
    const release = await heldRelease();
    const before = Date.now();
    const undated = await post({
      events: [{ releaseAddress: release.address, kind: 'customs', value: 'selected for scan' }],
    });
    expect(undated.body.results[0].status).toBe('applied');
    const stamped = (await seenBy(forwarder, release.address)).greenLights.events.customs;
    expect(stamped).toMatchObject({ value: 'selectedForScan', stampedOnReceipt: true });
    expect(Date.parse(stamped.updatedAt)).toBeGreaterThanOrEqual(before - 1000);
    // The sender's own time, an hour before our receipt stamp, is another clock: not stale.
    const dated = await post({
      events: [
        {
          releaseAddress: release.address,
          kind: 'customs',
          value: 'released',
          at: new Date(before - 3_600_000).toISOString(),
        },
      ],
    });
    expect(dated.body.results[0].status).toBe('applied');
    const light = (await seenBy(forwarder, release.address)).greenLights.events.customs;
    expect(light).toMatchObject({ value: 'released', color: 'green' });
    expect(light).not.toHaveProperty('stampedOnReceipt');
    // The ledger replays to the same lights (verify-ledger's projection reads the stamp).
    const [event] = await server
      .knex('release_events')
      .where({ release_address: release.address, operation: 'portStatus' })
      .orderBy('sequence')
      .pluck('description');
    const description = typeof event === 'string' ? JSON.parse(event) : event;
    expect(description).toMatchObject({ stampedOnReceipt: true });
  });

  it('releases spec §4 "Release status": customs selecting the container for scan blocks it for scanning until customs releases it', async () => {
    const calls = custodyCaller(server);
    const release = await heldRelease();
    const customs = (value: string) =>
      post({ events: [{ releaseAddress: release.address, kind: 'customs', value }] });
    const status = async () => (await seenBy(forwarder, release.address)).releaseStatus;

    expect((await customs('selected for scan')).body.results[0].status).toBe('applied');
    expect(await status()).toBe('blockedForScanning');
    expect((await seenBy(carrier, release.address)).releaseStatus).toBe('blockedForScanning');
    // The block rules already honour it: the carrier cannot block it on top.
    const block = await calls.dryRun(actingAs(carrier), 'block', [release.address]);
    expect(block.body.eligible_releases).toEqual([]);

    await customs('released');
    expect(await status()).toBe('released');

    // A carrier's block stays the carrier's; its unblock finds the scan still pending.
    const act = async (action: 'block' | 'unblock') => {
      const { applied } = await calls.act(actingAs(carrier), action, [release.address]);
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    };
    await act('block');
    await customs('selected for scan');
    expect(await status()).toBe('blocked');
    await act('unblock');
    expect(await status()).toBe('blockedForScanning');
    await customs('released');
    expect(await status()).toBe('released');
    // Every step is what the ledger says.
    const verified = await verifyLedger(server.knex, {
      serverAddress: server.portal.app.get('serverKey').address,
      releaseAddresses: [release.address],
    });
    expect(verified.broken).toBeNull();
  });

  it('§4 "Traffic light": not shown at CSP120 (nor outside BEANR), nor without canGreenLights', async () => {
    const excluded = await heldRelease('CSP120');
    const event = { releaseAddress: excluded.address, kind: 'customs', value: 'released' };
    expect((await post({ events: [event] })).body.results[0].status).toBe('applied');
    expect((await seenBy(forwarder, excluded.address)).greenLights).toBeNull();

    const shown = await heldRelease();
    await post({ events: [{ ...event, releaseAddress: shown.address }] });
    expect((await seenBy(forwarder, shown.address)).greenLights).not.toBeNull();
    const plain = await signedInOrganization(server);
    await server
      .knex('organization_features')
      .insert({ organization_id: plain.id, feature: 'canGreenLights', enabled: false });
    await addParty(server.knex, shown.address, plain.id);
    expect((await seenBy(plain, shown.address)).greenLights).toBeNull();
  });
});

describe('issue 14 item 2: events outside the sender’s port scope, and bad calls, are refused', () => {
  it('a release at another port is not found, by container or address, and nothing changes', async () => {
    const elsewhere = await heldRelease(rotterdam);
    const answer = await post({
      events: [
        { containerNumber: elsewhere.containerNumber, kind: 'customs', value: 'released' },
        { releaseAddress: elsewhere.address, kind: 'customs', value: 'released' },
      ],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.results).toEqual([
      { index: 0, status: 'notFound', releases: [] },
      { index: 1, status: 'notFound', releases: [] },
    ]);
    const row = await server
      .knex('releases')
      .where({ address: elsewhere.address })
      .first('green_lights');
    expect(row.green_lights).toBeNull();
  });

  it('an organisation that runs no port status system reaches no release', async () => {
    const release = await heldRelease();
    const outsiderKey = await keyOf(forwarder, ['port-status:write']);
    const answer = await post(
      { events: [{ releaseAddress: release.address, kind: 'customs', value: 'released' }] },
      outsiderKey,
    );
    expect(answer.body.results[0].status).toBe('notFound');
  });

  it('refuses unknown kinds and values, future times, no release named: 400, nothing changes', async () => {
    const release = await heldRelease();
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const answer = await post({
      events: [
        { releaseAddress: release.address, kind: 'customs', value: 'released' },
        { releaseAddress: release.address, kind: 'weather', value: 'sunny' },
        { releaseAddress: release.address, kind: 'customs', value: 'maybe' },
        { releaseAddress: release.address, kind: 'customs', value: 'released', at: future },
        { kind: 'customs', value: 'released' },
      ],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data).toMatchObject({
      code: 'validation_failed',
      fields: {
        'events.1.kind': 'validation.invalid',
        'events.2.value': 'validation.invalid',
        'events.3.at': 'validation.invalidDate',
        'events.4.containerNumber': 'validation.required',
      },
    });
    expect((await seenBy(forwarder, release.address)).greenLights).toBeNull();
  });

  it('takes only API keys with port-status:write: a key without it and a person get 403', async () => {
    const release = await heldRelease();
    const body = {
      events: [{ releaseAddress: release.address, kind: 'customs', value: 'released' }],
    };
    const gateKey = await keyOf(portSystem, ['gate:write']);
    expect((await post(body, gateKey)).status).toBe(403);
    const byPerson = await api('port-status/events', {
      method: 'POST',
      token: portSystem.tokens[0],
      body,
    });
    expect(byPerson.status).toBe(403);
    expect((await seenBy(forwarder, release.address)).greenLights).toBeNull();
  });
});
