import { parseStatement } from '@scr/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLedger } from '../../ledger/verify-ledger.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { prepareAlfaPassAssignment, type AlfaPassDriver } from '../../test/assignment.ts';
import { actingAs, assignmentCaller, custodyCaller, signedInChain } from '../../test/custody.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { releaseListener } from '../../test/sockets.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { waitFor } from '../../test/wait-for.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let calls: ReturnType<typeof custodyCaller>;
let assignments: ReturnType<typeof assignmentCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let terminalOrg: Org;
let otherTerminalOrg: Org;
let terminal: string;
let otherTerminal: string;
let gateKey: string;
let otherGateKey: string;
const sockets: Socket[] = [];

async function gateKeyOf(org: Org, scopes = ['gate:write']) {
  const answer = await api('api-keys', {
    method: 'POST',
    token: org.tokens[0],
    body: { name: `gate ${scopes.join(' ')}`, scopes },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.key as string;
}

async function ownedTerminal(org: Org, securePickup = true) {
  const code = await releaseTerminal(server.knex, { securePickup });
  await server.knex('terminals').where({ code }).update({ owner_organization_id: org.id });
  return code;
}

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  calls = custodyCaller(server);
  assignments = assignmentCaller(server);
  [[carrier, forwarder, haulier], terminalOrg, otherTerminalOrg] = await Promise.all([
    signedInChain(server, [{ fields: { secure_pickup_enabled: true } }, {}, {}]),
    signedInOrganization(server, { role: 'terminal' }),
    signedInOrganization(server, { role: 'terminal' }),
  ]);
  terminal = await ownedTerminal(terminalOrg);
  otherTerminal = await ownedTerminal(otherTerminalOrg);
  gateKey = await gateKeyOf(terminalOrg);
  otherGateKey = await gateKeyOf(otherTerminalOrg);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await server?.stop();
});

const check = (key: string, body: object) =>
  api('gate-checks', { method: 'POST', apiKey: key, body });
const gateOut = (key: string, body: object) =>
  api('gate-outs', { method: 'POST', apiKey: key, body });
const report = (org: Org, period?: string) =>
  api(
    `transporters/reports?successRateOfSecurePickupReport=true${period ? `&operationAt=${period}` : ''}`,
    { token: org.tokens[1] },
  );
const statusSeenBy = async (org: Org, address: string) =>
  (await api(`releases/${address}`, { token: org.tokens[1] })).body.releaseStatus;

/** A secure pick-up release carrier → forwarder → haulier, through the signed custody calls. */
async function releaseAtHaulier(pickupLocation = terminal) {
  const release = await createRelease(server, carrier, { pickupLocation });
  const first = await calls.act(
    actingAs(carrier),
    'transfer',
    [release.address],
    forwarder.address,
  );
  expect(first.applied.status, JSON.stringify(first.applied.body)).toBe(201);
  const second = await calls.act(
    actingAs(forwarder),
    'transfer',
    [release.address],
    haulier.address,
  );
  expect(second.applied.status, JSON.stringify(second.applied.body)).toBe(201);
  return release;
}

/**
 * The haulier assigns the release to a driver by alfaPass through the signed two calls
 * (DESIGN §3 "Secure pick-up: assignment and the gate"), after preparing what that needs.
 */
async function assignToDriver(
  address: string,
  driver: AlfaPassDriver,
  at = terminal,
  visitNumber?: string,
) {
  const assignee = await prepareAlfaPassAssignment(server.knex, {
    organization: haulier,
    terminal: at,
    driver,
    carrier,
  });
  const { name, ...identified } = assignee;
  const fields = visitNumber ? { ...identified, visitNumber } : identified;
  const { dryRun, applied } = await assignments.act(actingAs(haulier), 'assign', [address], fields);
  expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
  expect(dryRun.body.assignee).toEqual({
    ...identified,
    name,
    salt: expect.stringMatching(/^0x[0-9a-f]{32}$/),
  });
  expect(applied.status, JSON.stringify(applied.body)).toBe(200);
  expect(applied.body.applied).toEqual([expect.objectContaining({ address })]);
}

describe('issue 11 acceptance "A gate test" (DESIGN §3 "Secure pick-up: assignment and the gate")', () => {
  it('refuses another alfaPass with its reason, allows the assigned one, gate-out closes it for every party, a second is 409, the report counts both, the ledger verifies', async () => {
    const release = await releaseAtHaulier();
    await assignToDriver(release.address, {
      alfaPass: '123456',
      firstName: 'Jan',
      lastName: 'Peeters',
    });
    const listeners = await Promise.all(
      [carrier, forwarder, haulier, otherTerminalOrg].map((org) =>
        releaseListener(server.baseUrl, sockets, org.tokens[1]),
      ),
    );

    const refused = await check(gateKey, {
      terminal,
      containerNumber: release.containerNumber.toLowerCase(),
      identification: { type: 'alfapass', value: '654321' },
    });
    expect(refused.status).toBe(201);
    expect(refused.body).toEqual({
      allowed: false,
      reason: 'otherIdentification',
      message: 'This container is assigned to another identification.',
    });

    const allowed = await check(gateKey, {
      terminal,
      containerNumber: release.containerNumber,
      identification: { type: 'alfapass', value: '123456' },
    });
    expect(allowed.body).toEqual({
      allowed: true,
      releaseAddress: release.address,
      blNumber: release.blNumber,
      assignee: { type: 'driver', name: 'Jan Peeters' },
    });

    const out = await gateOut(gateKey, { terminal, containerNumber: release.containerNumber });
    expect(out.status, JSON.stringify(out.body)).toBe(201);
    expect(out.body).toMatchObject({
      releaseAddress: release.address,
      containerNumber: release.containerNumber,
      archived: true,
    });
    for (const org of [carrier, forwarder, haulier]) {
      expect(await statusSeenBy(org, release.address)).toBe('gateout');
    }
    const parties = await server
      .knex('release_parties as p')
      .join('releases as r', 'r.id', 'p.release_id')
      .where('r.address', release.address)
      .select('p.release_status');
    expect(parties.map((p) => p.release_status)).toEqual(['gateout', 'gateout', 'gateout']);
    const stored = await server
      .knex('releases')
      .where({ address: release.address })
      .first('gate_out_at', 'archived_at');
    expect(stored.gate_out_at).not.toBeNull();
    expect(stored.archived_at).not.toBeNull();

    // releases spec §4 "Live notifications": gate out is told to the chain, not to others.
    for (const listener of listeners.slice(0, 3)) {
      await waitFor('the gate-out notice', () =>
        listener.heard.some(
          (h) => h.payload.address === release.address && h.payload.operation === 'gateout',
        ),
      );
    }
    expect(listeners[3]!.heard.some((h) => h.payload.address === release.address)).toBe(false);

    const again = await gateOut(gateKey, { terminal, containerNumber: release.containerNumber });
    expect(again.status).toBe(409);
    expect(again.body.data.code).toBe('gate_out_done');

    const answer = await report(haulier, 'week');
    expect(answer.status).toBe(200);
    expect(answer.body.overview).toEqual({ total: 2, succeeded: 1, failed: 1, successRate: 50 });
    expect(answer.body.checkFailed).toEqual([
      {
        releaseAddress: release.address,
        blNumber: release.blNumber,
        containerNumber: release.containerNumber,
        checkedValue: '654321',
        assignedValue: '123456',
        checkedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        reason: 'otherIdentification',
      },
    ]);
    // The forwarder assigned nothing: its report is empty.
    expect((await report(forwarder)).body.overview).toEqual({
      total: 0,
      succeeded: 0,
      failed: 0,
      successRate: null,
    });

    const afterOut = await check(gateKey, {
      terminal,
      containerNumber: release.containerNumber,
      identification: { type: 'alfapass', value: '123456' },
    });
    expect(afterOut.body).toMatchObject({ allowed: false, reason: 'gateOutDone' });

    const trail = await api(`audit-trail/${release.address}`, { token: haulier.tokens[1] });
    const operations = trail.body.data.map((e: { operation: string }) => e.operation);
    expect(operations.slice(-5)).toEqual([
      'terminalCheck',
      'terminalCheck',
      'gateOut',
      'archive',
      'terminalCheck',
    ]);
    const checks = trail.body.data.filter(
      (e: { operation: string }) => e.operation === 'terminalCheck',
    );
    expect(checks[0]).toMatchObject({
      source: 'apiKey',
      sourceOrganizationName: terminalOrg.name,
      verified: true,
      // Masked in the ledger; the terminal's report above keeps both in full.
      description: expect.objectContaining({
        checkedValue: '•••321',
        assignedValue: '•••456',
        result: 'otherIdentification',
      }),
    });
    expect(trail.body.data.every((e: { verified: boolean }) => e.verified)).toBe(true);

    const verified = await verifyLedger(server.knex, {
      serverAddress: server.portal.app.get('serverKey').address,
      releaseAddresses: [release.address],
    });
    expect(verified.broken).toBeNull();
    // Every event of the release was verified, the haulier's signed assign among them.
    expect(verified.events).toBe(trail.body.data.length);
    expect(operations).toContain('assign');
    const assign = await server
      .knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .join('organizations as o', 'o.id', 'e.source_organization_id')
      .where({ 'e.release_address': release.address, 'e.operation': 'assign' })
      .select('s.statement', 'o.address');
    expect(assign).toHaveLength(1);
    expect(assign[0]!.address).toBe(haulier.address);
    const statement = parseStatement(assign[0]!.statement);
    expect(statement.by).toBe(haulier.address);
    // The identification by its commitment: the signed text never holds the alfaPass number.
    expect(statement.assignee).toEqual({
      identificationCommitment: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      identificationType: 'alfapass',
      type: 'driver',
    });
    expect(assign[0]!.statement).not.toContain('123456');
  });
});

describe('DESIGN §3 gate API: limited to the key organisation’s own terminals', () => {
  it('answers a key of another terminal not found, for the check and the gate-out', async () => {
    const release = await releaseAtHaulier();
    const body = { terminal, containerNumber: release.containerNumber };
    const checked = await check(otherGateKey, {
      ...body,
      identification: { type: 'alfapass', value: '123456' },
    });
    expect(checked.body).toMatchObject({ allowed: false, reason: 'notFound' });
    const out = await gateOut(otherGateKey, body);
    expect(out.status).toBe(404);
    expect(out.body.data.code).toBe('not_found');
    // Nothing was recorded on the release, nor changed.
    const events = await server
      .knex('release_events')
      .where({ release_address: release.address, operation: 'terminalCheck' });
    expect(events).toHaveLength(0);
    expect(await statusSeenBy(haulier, release.address)).toBe('released');
  });

  it('refuses a person’s session and a key without gate:write (403), and bad input (400)', async () => {
    const body = {
      terminal,
      containerNumber: 'MSKU1234567',
      identification: { type: 'alfapass', value: '1' },
    };
    const person = await api('gate-checks', {
      method: 'POST',
      token: terminalOrg.tokens[0],
      body,
    });
    expect(person.status).toBe(403);
    const readOnly = await gateKeyOf(terminalOrg, ['releases:read']);
    const unscoped = await check(readOnly, body);
    expect(unscoped.status).toBe(403);
    expect(unscoped.body.message).toContain('gate:write');
    for (const bad of [
      { ...body, identification: { type: 'passport', value: '1' } },
      { ...body, containerNumber: undefined },
      { ...body, identification: { type: 'alfapass', value: '' } },
      { ...body, extra: true },
    ]) {
      const answer = await check(gateKey, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    const future = await gateOut(gateKey, {
      terminal,
      containerNumber: 'MSKU1234567',
      at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(future.status).toBe(400);
    const notADate = await gateOut(gateKey, { terminal, containerNumber: 'X1', at: 'yesterday' });
    expect(notADate.status).toBe(400);
  });
});

describe('DESIGN §3 gate-checks refusals and gate-outs of every pick-up', () => {
  it('refuses an unassigned secure pick-up (notAssigned) and a release that is no secure pick-up (notSecurePickup)', async () => {
    const release = await releaseAtHaulier();
    const identification = { type: 'alfapass', value: '123456' };
    expect(
      (await check(gateKey, { terminal, containerNumber: release.containerNumber, identification }))
        .body,
    ).toMatchObject({ allowed: false, reason: 'notAssigned' });
    const plainTerminal = await ownedTerminal(terminalOrg, false);
    const plain = await createRelease(server, carrier, { pickupLocation: plainTerminal });
    expect(
      (
        await check(gateKey, {
          terminal: plainTerminal,
          containerNumber: plain.containerNumber,
          identification,
        })
      ).body,
    ).toMatchObject({ allowed: false, reason: 'notSecurePickup' });
    // Gate-out applies to every pick-up, secure or not.
    const out = await gateOut(gateKey, {
      terminal: plainTerminal,
      containerNumber: plain.containerNumber,
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(out.status).toBe(201);
    expect(await statusSeenBy(carrier, plain.address)).toBe('gateout');
  });

  it('refuses the gate-out of a blocked (409 gate_out_blocked) and of a deleted release (409 gate_out_deleted)', async () => {
    const blocked = await createRelease(server, carrier, { pickupLocation: terminal });
    const block = await calls.act(actingAs(carrier), 'block', [blocked.address]);
    expect(block.applied.status, JSON.stringify(block.applied.body)).toBe(201);
    const refusedBlocked = await gateOut(gateKey, {
      terminal,
      containerNumber: blocked.containerNumber,
    });
    expect(refusedBlocked.status).toBe(409);
    expect(refusedBlocked.body.data.code).toBe('gate_out_blocked');
    const checked = await check(gateKey, {
      terminal,
      containerNumber: blocked.containerNumber,
      identification: { type: 'alfapass', value: '123456' },
    });
    expect(checked.body).toMatchObject({ allowed: false, reason: 'blocked' });

    const deleted = await createRelease(server, carrier, { pickupLocation: terminal });
    const removed = await api(`releases/${deleted.address}`, {
      method: 'DELETE',
      token: carrier.tokens[1],
    });
    expect(removed.status).toBe(200);
    const refusedDeleted = await gateOut(gateKey, {
      terminal,
      containerNumber: deleted.containerNumber,
    });
    expect(refusedDeleted.status).toBe(409);
    expect(refusedDeleted.body.data.code).toBe('gate_out_deleted');
  });
});

describe('access spec §2 "Secure pick-up containers (terminal)", §3 "Secure pick-up container row", §7 "Terminal"', () => {
  it('lists the secure pick-up releases at the terminals the organisation owns, searchable', async () => {
    const release = await releaseAtHaulier();
    const elsewhere = await createRelease(server, carrier, { pickupLocation: otherTerminal });
    const listed = await api(
      `terminal-user/secure-pickup-containers?querySearch=${release.containerNumber.slice(2).toLowerCase()}`,
      { token: terminalOrg.tokens[1] },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      {
        bl_number: release.blNumber,
        container_number: release.containerNumber,
        agent: null,
        pickup_location: terminal,
        pickup_location_name: `Test terminal ${terminal}`,
        valid_from: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        valid_until: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        release_status: 'released',
        gate_out: null,
        release_address: release.address,
        assignee_type: null,
        assignee_name: null,
        visit_number: null,
      },
    ]);
    const all = await api('terminal-user/secure-pickup-containers?$limit=100', {
      token: terminalOrg.tokens[1],
    });
    const addresses = all.body.data.map((row: { release_address: string }) => row.release_address);
    expect(addresses).toContain(release.address);
    expect(addresses).not.toContain(elsewhere.address);
    const other = await api(
      `terminal-user/secure-pickup-containers?querySearch=${release.containerNumber}`,
      { token: otherTerminalOrg.tokens[1] },
    );
    expect(other.body).toMatchObject({ total: 0, data: [] });
  });

  it('names the terminal and, for an assigned container, the assignee and visit number the gate looks for (releases spec §3 "Assignment")', async () => {
    const release = await releaseAtHaulier();
    await assignToDriver(
      release.address,
      { alfaPass: '246810', firstName: 'Mira', lastName: 'Claes' },
      terminal,
      'VISIT-77',
    );
    const byName = await api(
      `terminal-user/secure-pickup-containers?querySearch=${encodeURIComponent(`terminal ${terminal}`)}&$limit=100`,
      { token: terminalOrg.tokens[1] },
    );
    expect(byName.status).toBe(200);
    const row = byName.body.data.find(
      (listed: { release_address: string }) => listed.release_address === release.address,
    );
    expect(row).toMatchObject({
      pickup_location: terminal,
      pickup_location_name: `Test terminal ${terminal}`,
      assignee_type: 'driver',
      assignee_name: 'Mira Claes',
      visit_number: 'VISIT-77',
    });
    // The identification itself is the gate's to compare, never listed.
    expect(JSON.stringify(row)).not.toContain('246810');
  });

  it('access spec §4 "Terminal users", §6: is for terminal organisations only (403); bad paging is 400', async () => {
    const refused = await api('terminal-user/secure-pickup-containers', {
      token: haulier.tokens[1],
    });
    expect(refused.status).toBe(403);
    const bad = await api('terminal-user/secure-pickup-containers?$limit=1000', {
      token: terminalOrg.tokens[1],
    });
    expect(bad.status).toBe(400);
  });

  it('access spec §3 "Audit trail entry (shown to terminal users)": the terminal reads the trail of releases at its terminals only', async () => {
    const release = await releaseAtHaulier();
    const trail = await api(`audit-trail/${release.address}`, { token: terminalOrg.tokens[1] });
    expect(trail.status).toBe(200);
    expect(trail.body.data.map((e: { operation: string }) => e.operation)).toEqual([
      'create',
      'transfer',
      'transfer',
    ]);
    const outsider = await api(`audit-trail/${release.address}`, {
      token: otherTerminalOrg.tokens[1],
    });
    expect(outsider.status).toBe(404);
    // Nothing else of the chain: the terminal is no party, so the release is not in its overview.
    const asParty = await api(`releases/${release.address}`, { token: terminalOrg.tokens[1] });
    expect(asParty.status).toBe(404);
  });
});

describe('access spec §7 "Transporters": transporters/reports', () => {
  it('access spec §2 "Assignment success report": carriers and terminals, which assign nothing, get 403', async () => {
    for (const org of [carrier, terminalOrg]) {
      const answer = await report(org);
      expect(answer.status).toBe(403);
      expect(answer.body.data.code).toBe('forbidden');
    }
  });

  it('answers 400 for a period that is not 1 week, 1 month or all', async () => {
    const bad = await report(haulier, 'year');
    expect(bad.status).toBe(400);
    expect((await report(haulier, 'all')).status).toBe(200);
    expect((await report(haulier, 'month')).status).toBe(200);
  });

  it('access spec §9 "Report periods": a check older than the period is left out', async () => {
    const release = await releaseAtHaulier();
    await assignToDriver(release.address, {
      alfaPass: '55555',
      firstName: 'Old',
      lastName: 'Check',
    });
    await check(gateKey, {
      terminal,
      containerNumber: release.containerNumber,
      identification: { type: 'alfapass', value: '055555' },
    });
    const before = (await report(haulier, 'month')).body.overview.total;
    const all = (await report(haulier, 'all')).body.overview.total;
    await server
      .knex('gate_checks')
      .where({ container_number: release.containerNumber })
      .update({ checked_at: new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString() });
    expect((await report(haulier, 'month')).body.overview.total).toBe(before - 1);
    expect((await report(haulier, 'all')).body.overview.total).toBe(all);
  });
});
