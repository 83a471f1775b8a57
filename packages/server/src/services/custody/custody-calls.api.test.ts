import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { custodyCaller, actingAs, signCall } from '../../test/custody.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let calls: ReturnType<typeof custodyCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let terminal: string;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  calls = custodyCaller(server);
  carrier = await signedInOrganization(server, { role: 'carrier' });
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

async function apiKey(scopes: string[]) {
  const answer = await api('api-keys', {
    method: 'POST',
    token: carrier.tokens[0],
    body: { name: `carrier system ${scopes.join(' ')}`, scopes },
  });
  expect(answer.status).toBe(201);
  return answer.body as { id: number; key: string };
}

describe('issue 10 §4: releases patch with type goes through the custody service’s own hooks', () => {
  it('answers an API key without custody:write a clear 403 forbidden, on the custody service and on releases patch with type', async () => {
    const release = await createRelease(server, carrier, { pickupLocation: terminal });
    const key = await apiKey(['releases:write', 'releases:read']);
    const direct = await api('blocks', {
      method: 'POST',
      apiKey: key.key,
      body: { dryRun: true, release_addresses: [release.address] },
    });
    expect(direct.status).toBe(403);
    expect(direct.body.data.code).toBe('forbidden');
    expect(direct.body.message).toContain('custody:write');
    for (const type of ['block', 'transfer'] as const) {
      const patched = await api(`releases/${release.address}`, {
        method: 'PATCH',
        apiKey: key.key,
        body: { type, dryRun: true },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(403);
      expect(patched.body.data.code).toBe('forbidden');
      expect(patched.body.message).toContain('custody:write');
    }
    // A key without releases:write still learns that first, as before.
    const readOnly = await apiKey(['releases:read']);
    const unscoped = await api(`releases/${release.address}`, {
      method: 'PATCH',
      apiKey: readOnly.key,
      body: { type: 'block', dryRun: true },
    });
    expect(unscoped.status).toBe(403);
    expect(unscoped.body.message).toContain('releases:write');
  });

  it('still lets a signed-in carrier block through releases patch with type (both calls)', async () => {
    const release = await createRelease(server, carrier, { pickupLocation: terminal });
    const path = `releases/${release.address}`;
    const dryRun = await api(path, {
      method: 'PATCH',
      token: carrier.tokens[1],
      body: { type: 'block', dryRun: true },
    });
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
    const body = await signCall(actingAs(carrier), 'block', dryRun.body);
    const applied = await api(path, {
      method: 'PATCH',
      token: carrier.tokens[1],
      body: { type: 'block', ...body },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.applied).toHaveLength(1);
  });

  it('lets a carrier’s system with releases:write and custody:write block through releases patch with type, recording its key', async () => {
    const release = await createRelease(server, carrier, { pickupLocation: terminal });
    const key = await apiKey(['releases:write', 'custody:write']);
    const path = `releases/${release.address}`;
    const dryRun = await api(path, {
      method: 'PATCH',
      apiKey: key.key,
      body: { type: 'block', dryRun: true },
    });
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
    // The system's own wallet holds the organisation key (DESIGN §3 "Who signs").
    const body = await signCall(actingAs(carrier), 'block', dryRun.body);
    const applied = await api(path, {
      method: 'PATCH',
      apiKey: key.key,
      body: { type: 'block', ...body },
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const event = await server
      .knex('release_events as e')
      .join('releases as r', 'r.id', 'e.release_id')
      .where({ 'r.address': release.address, 'e.operation': 'block' })
      .first('e.actor', 'e.user_id');
    expect(event).toEqual({ actor: `api-key:${key.id}`, user_id: null });
  });
});

describe('issue 10 §4: separate dry-run and apply schemas', () => {
  it('refuses a dry run that carries a statement, and a second call without one, with 400 validation_failed', async () => {
    const release = await createRelease(server, carrier, { pickupLocation: terminal });
    const dryRunSigned = await api('blocks', {
      method: 'POST',
      token: carrier.tokens[1],
      body: { dryRun: true, release_addresses: [release.address], statement: '{}' },
    });
    expect(dryRunSigned.status).toBe(400);
    expect(dryRunSigned.body.data.code).toBe('validation_failed');
    expect(dryRunSigned.body.data.fields).toEqual({ statement: 'validation.additionalProperties' });

    const unsigned = await api('blocks', {
      method: 'POST',
      token: carrier.tokens[1],
      body: { release_addresses: [{ address: release.address, version: 1 }] },
    });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.data.fields).toMatchObject({
      statement: 'validation.required',
      signature: 'validation.required',
    });

    const bare = await api('blocks', {
      method: 'POST',
      token: carrier.tokens[1],
      body: { release_addresses: [release.address], statement: '{}', signature: '0x' },
    });
    expect(bare.status).toBe(400);
    expect(bare.body.data.fields).toEqual({ release_addresses: 'validation.required' });
  });

  it('takes the dry run and the signed call, each by its schema', async () => {
    const release = await createRelease(server, carrier, { pickupLocation: terminal });
    const acting = actingAs(carrier);
    const { dryRun, applied } = await calls.act(acting, 'block', [release.address]);
    expect(dryRun.status).toBe(201);
    expect(applied.status, JSON.stringify(applied.body)).toBe(201);
    expect(applied.body.applied.map((a: { address: string }) => a.address)).toEqual([
      release.address,
    ]);
  });
});
