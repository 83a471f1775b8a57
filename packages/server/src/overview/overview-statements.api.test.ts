import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization } from '../test/admin-kit.ts';
import { createBillOfLading } from '../test/factories-overview.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

/**
 * The SQL statements one call sends, read from knex's `query` event. The app's background
 * workers share the knex: their statements (the outbox's claims, in transactions) are left out;
 * the overview's find makes none in a transaction.
 */
async function statementsOf(knex: Knex, call: () => Promise<unknown>) {
  const sent: { sql: string; name?: string }[] = [];
  const listen = (query: { sql: string; __knexTxId?: string; options?: { name?: string } }) => {
    if (query.__knexTxId === undefined && !/"outbox"/.test(query.sql)) {
      sent.push({ sql: query.sql, name: query.options?.name });
    }
  };
  knex.on('query', listen);
  try {
    await call();
  } finally {
    knex.off('query', listen);
  }
  return sent;
}

/**
 * Issue 42 item 8: who the caller is takes one round trip. On main the overview's first page
 * took three statements on `bills-of-lading` and four on `containers`: the user with its
 * organisation and subscriptions, then the session, then the page (one statement for BLs, two
 * for containers: the page's ids, then their rows).
 */
describe('issue 42 item 8: statements per overview request', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestApp();
    const carrier = await signedInOrganization(server, { role: 'carrier' });
    token = carrier.tokens[0]!;
    await createBillOfLading(server.knex, { carrierId: carrier.id, releases: [{}, {}] });
  });
  afterAll(() => server?.stop());

  for (const { path, page } of [
    // The BLs, their containers with their rows (releases spec §3 "containers"), and the
    // assign locations' labels (§2 "pickupMethod").
    { path: 'bills-of-lading', page: 3 },
    { path: 'containers', page: 2 },
  ]) {
    it(`GET /api/${path}: one statement for the caller, ${page} for the page`, async () => {
      const call = apiCaller(server);
      const sql = await statementsOf(server.knex, async () => {
        const answer = await call(path, { token });
        expect(answer.status).toBe(200);
        expect(answer.body.data.length).toBeGreaterThan(0);
      });
      const [caller, ...rest] = sql;
      expect(caller!.sql).toMatch(/from "users" as "u".* join "auth_sessions" as "s"/s);
      expect(rest.some((statement) => /users|auth_sessions/.test(statement.sql))).toBe(false);
      expect(sql).toHaveLength(1 + page);
      // Prepared once per connection on PostgreSQL; PGlite's one backend outlives its connections.
      const kind = server.portal.database.kind;
      expect(caller!.name).toBe(kind === 'postgres' ? 'session_caller' : undefined);
    });
  }

  it('refuses a revoked session, and a session of another user, in that one statement', async () => {
    const other = await signedInOrganization(server);
    const call = apiCaller(server);
    expect((await call('containers', { token: other.tokens[0] })).status).toBe(200);
    await server.knex('auth_sessions').where({ user_id: other.users[0]!.id }).update({
      revoked_at: new Date(),
    });
    const revoked = await call('containers', { token: other.tokens[0] });
    expect(revoked.status).toBe(401);
    expect(revoked.body.data.code).toBe('session_invalid');

    // A validly signed token pairing this user with another user's live session.
    const [theirs] = await server
      .knex('auth_sessions')
      .where({ user_id: other.users[1]!.id })
      .select('id');
    const mixed = await server.portal.app
      .service('authentication')
      .createAccessToken({ sid: theirs.id }, { subject: String(other.users[0]!.id) });
    expect((await call('containers', { token: mixed })).body.data.code).toBe('session_invalid');
    const own = await server.portal.app
      .service('authentication')
      .createAccessToken({ sid: theirs.id }, { subject: String(other.users[1]!.id) });
    expect((await call('containers', { token: own })).status).toBe(200);
  });
});
