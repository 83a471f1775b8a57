import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test/factories.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { adminCast, apiCaller, signedInOrganization } from '../../test/admin-kit.ts';
import {
  assertFinalizedConnection,
  hasFinalizedConnection,
} from '../../releases/custody/finalized-connection.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

const request = (token: string, body: Record<string, unknown>) =>
  api('connections', { method: 'POST', token, body });

describe('connections (access spec §6: admin or support users create connections between organisations)', () => {
  it('an admin requests, the other side’s admin finalises, and then a transfer may go along it', async () => {
    const { a, b } = await adminCast(server);
    const requested = await request(a.tokens[0]!, { connectedOrganizationId: b.id });
    expect(requested.status).toBe(201);
    expect(requested.body).toMatchObject({
      status: 'requested',
      organization: { id: a.id, name: a.name, address: a.address },
      connectedOrganization: { id: b.id, name: b.name },
      actions: ['remove'],
    });
    // releases spec §6: "Without a finalised connection a transfer is refused."
    await expect(assertFinalizedConnection(server.knex, a.id, b.id)).rejects.toMatchObject({
      data: { code: 'no_finalized_connection' },
    });
    const incoming = await api('connections', { token: b.tokens[0] });
    expect(incoming.body.data[0]).toMatchObject({
      id: requested.body.id,
      actions: ['finalize', 'remove'],
    });
    const finalized = await api(`connections/${requested.body.id}`, {
      method: 'PATCH',
      token: b.tokens[0],
      body: { status: 'finalized' },
    });
    expect(finalized.status).toBe(200);
    expect(finalized.body.status).toBe('finalized');
    expect(await hasFinalizedConnection(server.knex, b.id, a.id)).toBe(true);
    await expect(assertFinalizedConnection(server.knex, a.id, b.id)).resolves.toBeUndefined();
  });

  it('refuses the asking side finalising its own request with 403', async () => {
    const { a, b } = await adminCast(server);
    const requested = await request(a.tokens[0]!, { connectedOrganizationId: b.id });
    const answer = await api(`connections/${requested.body.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { status: 'finalized' },
    });
    expect(answer.status).toBe(403);
    const admin = await request(a.tokens[0]!, {
      connectedOrganizationId: b.id,
      status: 'finalized',
    });
    expect(admin.status).toBe(403);
  });

  it('keeps one connection per pair, whichever side asks (409 already_exists)', async () => {
    const { a, b } = await adminCast(server);
    expect((await request(a.tokens[0]!, { connectedOrganizationId: b.id })).status).toBe(201);
    const reverse = await request(b.tokens[0]!, { connectedOrganizationId: a.id });
    expect(reverse.status).toBe(409);
    expect(reverse.body.data.code).toBe('already_exists');
    const self = await request(a.tokens[0]!, { connectedOrganizationId: a.id });
    expect(self.status).toBe(400);
    expect(self.body.data.fields).toEqual({ connectedOrganizationId: 'validation.self' });
  });

  it('answers 404 to an admin for connections it is not part of, and lists only its own', async () => {
    const { a, b } = await adminCast(server);
    const c = await signedInOrganization(server);
    const theirs = await request(b.tokens[0]!, { connectedOrganizationId: c.id });
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { status: 'finalized' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await api(`connections/${theirs.body.id}`, {
        method,
        token: a.tokens[0],
        body,
      });
      expect(answer.status).toBe(404);
      expect(answer.body.data.code).toBe('not_found');
    }
    const list = await api('connections', { token: a.tokens[0] });
    expect(list.body).toMatchObject({ total: 0, data: [] });
    expect((await api(`connections?organizationId=${b.id}`, { token: a.tokens[0] })).status).toBe(
      404,
    );
    const onBehalf = await request(a.tokens[0]!, {
      organizationId: b.id,
      connectedOrganizationId: c.id,
    });
    expect(onBehalf.status).toBe(403);
  });

  it('lets either side remove it, and refuses plain users with 403', async () => {
    const { a, b } = await adminCast(server);
    const requested = await request(a.tokens[0]!, { connectedOrganizationId: b.id });
    expect((await api('connections', { token: a.tokens[1] })).status).toBe(403);
    expect((await request(a.tokens[1]!, { connectedOrganizationId: b.id })).status).toBe(403);
    const removed = await api(`connections/${requested.body.id}`, {
      method: 'DELETE',
      token: b.tokens[0],
    });
    expect(removed.status).toBe(200);
    expect(await server.knex('organization_connections').where({ id: requested.body.id })).toEqual(
      [],
    );
  });

  it('lets support connect any two organisations, finalised at once, and see every connection', async () => {
    const { support } = await adminCast(server);
    const [x, y] = [await createOrganization(server.knex), await createOrganization(server.knex)];
    const made = await request(support, {
      organizationId: x.id,
      connectedOrganizationId: y.id,
      status: 'finalized',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ status: 'finalized', actions: ['remove'] });
    const list = await api(`connections?organizationId=${y.id}`, { token: support });
    expect(list.body.data.map((c: { id: number }) => c.id)).toEqual([made.body.id]);
    const unknown = await request(support, {
      organizationId: x.id,
      connectedOrganizationId: 99_999_999,
    });
    expect(unknown.status).toBe(404);
  });
});
