import { auditDescriptionPaths, descriptionPaths, type StatementAction } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';
import { actingAs, assignmentCaller, custodyCaller } from '../../test/custody.ts';
import { realChain, realChainCast, type RealChainCast } from '../../test/real-chain.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

/*
 * Releases spec §3 "Audit trail entry": the audit trail names every member of a description in
 * the user's language (web `entry-description.test.ts` checks each path of the domain's
 * `auditDescriptionPaths` in five languages). Here the server's real commands write the events,
 * and every member they hold must be one of those paths, so none reaches the trail as a raw key.
 */

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let cast: RealChainCast;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  cast = await realChainCast(server);
});
afterAll(() => server?.stop());

/** Each event of the releases as stored: its operation and the paths its description holds. */
async function describedEvents(addresses: string[]) {
  const rows: { operation: StatementAction; description: unknown }[] = await server
    .knex('release_events')
    .whereIn('release_address', addresses)
    .orderBy(['release_address', 'sequence'])
    .select('operation', 'description');
  return rows.map((row) => ({
    operation: row.operation,
    paths: descriptionPaths(row.description),
  }));
}

/** Port-status events for the release's container from a sender of Antwerp's status system. */
async function portStatusOf(containerNumber: string) {
  const sender = await signedInOrganization(server);
  await server
    .knex('port_status_senders')
    .insert({ organization_id: sender.id, port_locode: 'BEANR' })
    .onConflict()
    .ignore();
  const key = await api('api-keys', {
    method: 'POST',
    token: sender.tokens[0],
    body: { name: 'port status', scopes: ['port-status:write'] },
  });
  expect(key.status, JSON.stringify(key.body)).toBe(201);
  const at = new Date(Date.now() - 60_000).toISOString();
  const posted = await api('port-status/events', {
    method: 'POST',
    apiKey: key.body.key,
    body: { events: [{ containerNumber, kind: 'customs', value: 'selected for scan', at }] },
  });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
}

describe('releases spec §3 "Audit trail entry": what a description can hold', () => {
  it('every event the commands write holds only members of auditDescriptionPaths', async () => {
    const { carrier, forwarder, haulier } = cast;
    const custody = custodyCaller(server);
    const assignments = assignmentCaller(server);
    // Created, transferred twice, assigned, checked at the gate, picked up and so archived.
    const picked = await realChain(server, cast);
    // Assigned, then unassigned, its next mode set, revoked, edited, blocked, unblocked, deleted.
    const other = await realChain(server, cast, { until: 'assigned' });
    const steps = [
      await assignments.act(actingAs(haulier), 'unassign', [other.address]),
      await custody.act(actingAs(forwarder), 'revoke', [other.address]),
    ];
    for (const { applied } of steps)
      expect(applied.status, JSON.stringify(applied.body)).toBeLessThan(300);
    const nmot = await api('nmots', {
      method: 'POST',
      token: forwarder.tokens[1],
      body: { releases: [other.address], modeOfTransport: 'barge' },
    });
    expect(nmot.status, JSON.stringify(nmot.body)).toBe(201);
    const edited = await api(`releases/${other.address}`, {
      method: 'PATCH',
      token: carrier.tokens[1],
      body: { vessel: 'Scheldt Moon', turnInLocation: 'Depot Noord' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    for (const action of ['block', 'unblock'] as const) {
      const { applied } = await custody.act(actingAs(carrier), action, [other.address]);
      expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    }
    await portStatusOf(other.containerNumber);
    const deleted = await api(`releases/${other.address}`, {
      method: 'DELETE',
      token: carrier.tokens[1],
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    const events = await describedEvents([picked.address, other.address]);
    expect(new Set(events.map((event) => event.operation))).toEqual(
      new Set([
        'create',
        'transfer',
        'assign',
        'terminalCheck',
        'gateOut',
        'archive',
        'unassign',
        'revoke',
        'nextModeOfTransport',
        'edit',
        'block',
        'unblock',
        'portStatus',
        'delete',
      ]),
    );
    const unlisted = events.flatMap(({ operation, paths }) =>
      paths
        .filter((path) => !(auditDescriptionPaths[operation] as readonly string[]).includes(path))
        .map((path) => `${operation}: ${path}`),
    );
    expect(unlisted).toEqual([]);
    // The members the trail has to name are really there, not an empty description.
    const pathsOf = (operation: StatementAction) =>
      events.filter((event) => event.operation === operation).flatMap((event) => event.paths);
    expect(pathsOf('revoke')).toContain('revokedFrom');
    expect(pathsOf('nextModeOfTransport')).toContain('modeOfTransport');
    expect(pathsOf('edit')).toEqual(expect.arrayContaining(['changes.vessel', 'userId']));
    expect(pathsOf('create')).toEqual(
      expect.arrayContaining(['billOfLading.blNumber', 'container.containerNumber', 'creator']),
    );
  });
});
