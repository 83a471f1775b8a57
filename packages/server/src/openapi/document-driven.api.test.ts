import { addDays, parseStatement, todayInBrussels } from '@scr/domain';
import { deriveSealingKeyPair, openPincode } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { coreorFile } from '../test/coreor-file.ts';
import { signedInChain } from '../test/custody.ts';
import { documentClient } from '../test/document-client.ts';
import { releaseTerminal, uniqueBl, uniqueContainer } from '../test/factories-releases.ts';
import { standInOf } from '../test/pcs.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { alfaPassTerminal } from './assignment-kit.ts';
import { startSystemWallet } from '../test/system-wallet.ts';
import { systemClient } from './system-client.ts';

let server: TestServer;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let terminal: string;
const wallets: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startTestApp();
  [carrier, forwarder] = await signedInChain(server, [{}, {}]);
  terminal = await releaseTerminal(server.knex);
});
afterAll(async () => {
  await Promise.all(wallets.map((wallet) => wallet.close()));
  await server?.stop();
});

/** An API key made by the organisation's admin (Administration → API keys). */
async function apiKeyOf(org: Org, name: string, scopes: string[]) {
  const answer = await apiCaller(server)('api-keys', {
    method: 'POST',
    token: org.tokens[0],
    body: { name, scopes },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; key: string };
}

/** A system that signs nothing: its API key and the document-driven client. */
async function keyedSystemOf(org: Org, name: string, scopes: string[]) {
  const key = await apiKeyOf(org, name, scopes);
  return { key, api: await documentClient(server.baseUrl, `ApiKey ${key.key}`) };
}

/** A system: its API key, its own wallet with the organisation key, the document-driven client. */
async function systemOf(org: Org, name: string, scopes: string[]) {
  const { key, api } = await keyedSystemOf(org, name, scopes);
  const wallet = await startSystemWallet(org.privateKey, `${name}-wallet-user`);
  wallets.push(wallet);
  const signer = systemClient({
    call: api.call,
    walletUrl: wallet.url,
    walletUserId: wallet.userId,
    walletPassword: wallet.password,
  });
  return { key, api, signer };
}

describe('issue 14 item 3: a carrier’s system drives a release using only the OpenAPI document', () => {
  it('creates (spec shape), transfers, blocks and reads the audit trail, signing with its own wallet', async () => {
    const erp = await systemOf(carrier, 'carrier-erp', [
      'releases:write',
      'releases:read',
      'custody:write',
    ]);
    const blNumber = uniqueBl();
    const containerNumber = uniqueContainer();

    // Releases spec §3/§7 "Create payload": the container carries its fields and the BL number.
    const created = await erp.api.call('createReleases', {
      body: {
        billOfLading: { blNumber, vessel: 'MSC Scheldt' },
        container: {
          blNumber,
          containerNumber,
          pickupLocation: terminal,
          pincode: '4711-2207',
          ediName: 'SCHELDT',
          ediLocode: 'BEANR',
          ediPcs: 'CPOINT',
        },
        creator: carrier.address,
      },
    });
    expect(created.status).toBe(201);
    const address: string = created.body.address;
    expect(created.body).toMatchObject({ blNumber, containerNumber, ediPcs: 'CPOINT' });
    expect(created.body.hasPincode).toBe(true);
    const stored = await server.knex('releases').where({ address }).first();
    expect(stored).toMatchObject({ edi_name: 'SCHELDT', edi_locode: 'BEANR', edi_pcs: 'CPOINT' });
    expect(stored.created_by_api_key_id).toBe(erp.key.id);

    // A container naming another BL is refused by field, and nothing is created.
    const otherBl = uniqueBl();
    const mismatch = await erp.api.call('createReleases', {
      body: {
        billOfLading: { blNumber: otherBl },
        container: { blNumber, containerNumber: uniqueContainer(), pickupLocation: terminal },
      },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.fields).toEqual({
      'container.blNumber': 'releases.validation.blNumberMismatch',
    });
    expect(await server.knex('releases').where({ bl_number: otherBl }).first()).toBeUndefined();

    // Transfer: dry run, the wallet reseals the pincode to the forwarder and signs, then apply.
    const transfer = await erp.signer.act('transferReleases', 'transfer', [address], {
      target: forwarder.address,
    });
    expect(transfer.dryRun.refused).toEqual([]);
    expect(transfer.applied).toMatchObject({ action: 'transfer', applied: [{ address }] });
    // The forwarder's copy opens with the forwarder's key: the portal passed on a sealed box.
    const release = await server.knex('releases').where({ address }).first('id');
    const copy = await server
      .knex('release_pincodes')
      .where({ release_id: release.id, organization_id: forwarder.id })
      .first('encrypted_pincode');
    const forwarderKeys = await deriveSealingKeyPair(forwarder.privateKey);
    expect(await openPincode(copy.encrypted_pincode, forwarderKeys)).toBe('4711-2207');

    const blocked = await erp.signer.act('blockReleases', 'block', [address]);
    expect(blocked.applied).toMatchObject({ action: 'block', applied: [{ address }] });
    const read = await erp.api.call('getRelease', { path: { id: address } });
    expect(read.body).toMatchObject({ releaseStatus: 'blocked', transferStatus: 'transferred' });

    // Found by the overview's query, serialised as the document's parameters say.
    const found = await erp.api.call('findContainers', {
      query: { $filter: { containerNumber }, $limit: 10 },
    });
    expect(found.body.data.map((row: { address: string }) => row.address)).toEqual([address]);

    // The audit trail names the key that acted; the organisation key signed every statement.
    const trail = await erp.api.call('readAuditTrails', { body: { releaseAddresses: [address] } });
    expect(trail.status).toBe(201);
    const events = trail.body.data.map((entry: Record<string, unknown>) => ({
      operation: entry.operation,
      source: entry.source,
      apiKeyName: entry.apiKeyName,
      verified: entry.verified,
    }));
    expect(events).toEqual([
      { operation: 'create', source: 'apiKey', apiKeyName: 'carrier-erp', verified: true },
      { operation: 'transfer', source: 'apiKey', apiKeyName: 'carrier-erp', verified: true },
      { operation: 'block', source: 'apiKey', apiKeyName: 'carrier-erp', verified: true },
    ]);
    const signers = trail.body.data
      .slice(1)
      .map((entry: { signerAddress: string }) => entry.signerAddress);
    expect(signers).toEqual([carrier.address, carrier.address]);
    const ledger = await server
      .knex('release_events')
      .where({ release_id: release.id })
      .orderBy('sequence')
      .pluck('actor');
    expect(ledger).toEqual([
      `api-key:${erp.key.id}`,
      `api-key:${erp.key.id}`,
      `api-key:${erp.key.id}`,
    ]);
  });

  it('lets a forwarder’s system fetch a pincode it opens with its own wallet, and refuses keys without custody:write', async () => {
    const erp = await systemOf(carrier, 'carrier-tms', ['releases:write', 'custody:write']);
    const created = await erp.api.call('createReleases', {
      body: {
        billOfLading: { blNumber: uniqueBl() },
        container: {
          containerNumber: uniqueContainer(),
          pickupLocation: terminal,
          pincode: '9000',
        },
      },
    });
    const address: string = created.body.address;
    // A statement signed by another organisation's key is refused, and nothing changes.
    const stranger = await startSystemWallet(forwarder.privateKey, 'stranger');
    wallets.push(stranger);
    const forged = systemClient({
      call: erp.api.call,
      walletUrl: stranger.url,
      walletUserId: stranger.userId,
      walletPassword: stranger.password,
    });
    await expect(forged.act('blockReleases', 'block', [address])).rejects.toMatchObject({
      status: 400,
      answer: { data: { code: 'statement_invalid' } },
    });
    const unchanged = await erp.api.call('getRelease', { path: { id: address } });
    expect(unchanged.status).toBe(403); // releases:read is not among this key's scopes
    const status = await server.knex('releases').where({ address }).first('release_status');
    expect(status.release_status).toBe('released');

    await erp.signer.act('transferReleases', 'transfer', [address], {
      target: forwarder.address,
    });

    const reader = await systemOf(forwarder, 'forwarder-reader', ['releases:read']);
    const refused = await reader.api.call('fetchPincodes', {
      body: { dryRun: true, release_addresses: [address] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('custody:write');

    const tms = await systemOf(forwarder, 'forwarder-tms', ['releases:read', 'custody:write']);
    const opened = await tms.signer.fetchPincodes('fetchPincodes', [address]);
    expect(opened).toEqual([{ address, pincode: '9000' }]);
    const row = await tms.api.call('getRelease', { path: { id: address } });
    expect(row.body.transferStatus).toBe('pinRetrieved');
  });

  it('lets a forwarder’s system assign a release to a driver and undo it, signed by its wallet', async () => {
    const { terminal: secure, assignee } = await alfaPassTerminal(server, {
      organization: forwarder,
      driver: { alfaPass: '417305', firstName: 'Jef', lastName: 'Van Damme' },
      carrier,
    });
    const erp = await systemOf(carrier, 'carrier-assign', ['releases:write', 'custody:write']);
    const created = await erp.api.call('createReleases', {
      body: {
        billOfLading: { blNumber: uniqueBl() },
        container: { containerNumber: uniqueContainer(), pickupLocation: secure, pincode: '1234' },
      },
    });
    const address: string = created.body.address;
    await erp.signer.act('transferReleases', 'transfer', [address], { target: forwarder.address });

    const tms = await systemOf(forwarder, 'forwarder-assign', ['releases:read', 'custody:write']);
    const check = await tms.api.call('assignmentCheck', { body: { releaseAddresses: [address] } });
    expect(check.body.releases).toMatchObject([{ address, reason: null }]);
    const assigned = await tms.signer.act('assignReleases', 'assign', [address], {
      assignee: {
        type: 'driver',
        identification: assignee.identification!,
        identificationType: 'alfapass',
      },
      visitNumber: 'V-2026-17',
    });
    expect(assigned.applied).toMatchObject({ action: 'assign', applied: [{ address }] });
    const info = await tms.api.call('assignmentInfo', { body: { releaseAddresses: [address] } });
    expect(info.body).toMatchObject({
      hasAssignedReleases: true,
      assignedDrivers: ['Jef Van Damme'],
      visitNumbers: ['V-2026-17'],
    });

    await tms.signer.act('unassignReleases', 'unassign', [address]);
    const row = await tms.api.call('getRelease', { path: { id: address } });
    expect(row.body).toMatchObject({ transferStatus: 'owned', assignedDriverName: null });
  });
});

describe('issue 14 items 1, 2 and 4: the port integrations through the document', () => {
  it('lets a forwarder’s system send a release to the stand-in PCS and take it back, signed by its own wallet', async () => {
    await server
      .knex('organizations')
      .where({ id: forwarder.id })
      .update({ is_connected_to_cpoint: true });
    const erp = await systemOf(carrier, 'carrier-pcs', ['releases:write', 'custody:write']);
    const blNumber = uniqueBl();
    const containerNumber = uniqueContainer();
    const created = await erp.api.call('createReleases', {
      body: {
        billOfLading: { blNumber },
        container: {
          containerNumber,
          pickupLocation: terminal,
          pincode: '5150',
          ediPcs: 'C-Point',
        },
      },
    });
    const address: string = created.body.address;
    await erp.signer.act('transferReleases', 'transfer', [address], { target: forwarder.address });

    // A key without custody:write may not, and nothing is sent.
    const reader = await keyedSystemOf(forwarder, 'forwarder-pcs-reader', ['releases:read']);
    const refused = await reader.api.call('transferToPcs', {
      body: { dryRun: true, releaseAddresses: [address] },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('custody:write');

    const tms = await systemOf(forwarder, 'forwarder-pcs', ['releases:read', 'custody:write']);
    const sent = await tms.signer.act('transferToPcs', 'transferToPcs', [address]);
    expect(sent.dryRun.refused).toEqual([]);
    expect(sent.applied.report).toEqual([
      { address, blNumber, containerNumber, result: 'done', reason: null, error: null },
    ]);
    // The stand-in PCS took the message with the statement the system's wallet signed.
    expect(standInOf(server).holds(address)).toBe(true);
    const message = standInOf(server).received.at(-1)!;
    expect(message).toMatchObject({ action: 'transfer', sender: { address: forwarder.address } });
    expect(parseStatement(message.statement)).toMatchObject({
      action: 'transferToPcs',
      by: forwarder.address,
    });
    const row = await tms.api.call('getRelease', { path: { id: address } });
    expect(row.body).toMatchObject({ transferStatus: 'sentToPcs', sentToPcs: true });
    const report = await tms.api.call('getPcsReport', {
      path: { id: sent.applied.statementHash },
    });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      action: 'transferToPcs',
      report: [{ address, result: 'done' }],
    });

    // Held by the PCS: a second send is refused in the dry run (send-status conflict).
    const again = await tms.api.call('transferToPcs', {
      body: { dryRun: true, releaseAddresses: [address] },
    });
    expect(again.body.errors).toMatchObject([{ address, reason: 'sendStatusConflict' }]);

    const back = await tms.signer.act('revokeFromPcs', 'revokeFromPcs', [address]);
    expect(back.applied.report).toMatchObject([{ address, result: 'done' }]);
    expect(standInOf(server).holds(address)).toBe(false);
    const after = await tms.api.call('getRelease', { path: { id: address } });
    expect(after.body).toMatchObject({ transferStatus: 'owned', sentToPcs: false });

    // The ledger names the key that acted; the PCS's answers are the system's.
    const release = await server.knex('releases').where({ address }).first('id');
    const ledger = await server
      .knex('release_events')
      .where({ release_id: release.id })
      .orderBy('sequence')
      .select('operation', 'actor');
    expect(ledger.slice(2)).toEqual([
      { operation: 'transferToPcs', actor: `api-key:${tms.key.id}` },
      { operation: 'pcsAnswer', actor: 'system' },
      { operation: 'revokeFromPcs', actor: `api-key:${tms.key.id}` },
      { operation: 'pcsAnswer', actor: 'system' },
    ]);
    const verified = await verifyLedger(server.knex, {
      serverAddress: server.portal.app.get('serverKey').address,
      releaseAddresses: [address],
    });
    expect(verified.broken).toBeNull();
  });

  it('takes a carrier’s COREOR, then the port’s green lights, and shows them on the release and in its audit trail', async () => {
    const edi = await keyedSystemOf(carrier, 'carrier-edi', ['releases:write', 'releases:read']);
    const blNumber = uniqueBl();
    const until = addDays(todayInBrussels(), 10);
    const [first, second] = [uniqueContainer(), uniqueContainer()];
    const content = coreorFile([
      {
        reference: 'M1',
        bl: blNumber,
        containers: [
          { number: first, terminal, validUntil: until, pincode: 'RO-0001' },
          { number: second, terminal, validUntil: until },
          { number: uniqueContainer(), terminal, extra: ['DTM+36:20261345:102'] },
        ],
      },
    ]);
    const upload = await edi.api.call('uploadCoreor', { body: { content, fileName: 'ro.edi' } });
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({ status: 'partiallyAccepted', accepted: 2, rejected: 1 });
    const [message] = upload.body.messages;
    expect(message.releases[2]).toMatchObject({
      status: 'rejected',
      errors: [{ segment: 'DTM+36:20261345:102', reason: 'dateInvalid' }],
    });
    const address: string = message.releases[0].address;
    const read = await edi.api.call('getRelease', { path: { id: address } });
    expect(read.body).toMatchObject({ blNumber, containerNumber: first, greenLights: null });

    // The port's status system of Antwerp, with a key of its own.
    const port = await signedInOrganization(server);
    await server
      .knex('port_status_senders')
      .insert({ organization_id: port.id, port_locode: 'BEANR' });
    const status = await keyedSystemOf(port, 'port-status', ['port-status:write']);
    const at = new Date(Date.now() - 60_000).toISOString();
    const events = await status.api.call('postPortStatusEvents', {
      body: {
        events: [
          { containerNumber: first, kind: 'Commercial release', value: 'OK', at },
          { containerNumber: first, kind: 'customs', value: 'RELEASED', at },
          { releaseAddress: address, kind: 'terminal_ready', value: 'ready', at },
          { containerNumber: uniqueContainer(), kind: 'customs', value: 'released', at },
        ],
      },
    });
    expect(events.status).toBe(201);
    expect(events.body.results.map((result: { status: string }) => result.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'notFound',
    ]);
    const lit = await edi.api.call('getRelease', { path: { id: address } });
    expect(lit.body.greenLights).toEqual({
      events: {
        commercialrelease: { value: 'ok', color: 'green', updatedAt: at },
        customs: { value: 'released', color: 'green', updatedAt: at },
        terminalready: { value: 'ready', color: 'green', updatedAt: at },
      },
      total: 'green',
      source: port.name,
    });
    const trail = await edi.api.call('readAuditTrails', { body: { releaseAddresses: [address] } });
    expect(
      trail.body.data.map((entry: Record<string, unknown>) => [
        entry.operation,
        entry.apiKeyName,
        entry.verified,
      ]),
    ).toEqual([
      ['create', 'carrier-edi', true],
      ['portStatus', 'port-status', true],
      ['portStatus', 'port-status', true],
      ['portStatus', 'port-status', true],
    ]);
  });
});
