import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../../test/factories.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { consumeLoginLink, issueLoginLink, loginLinkUrl } from './login-links.ts';

let server: TestServer;
let org: { id: number; address: string; name: string };
let users: { id: number; email: string }[];
let inactive: { id: number; email: string };

beforeAll(async () => {
  server = await startTestApp();
  org = await createOrganization(server.knex, { role: 'carrier', wallet_url: '0' });
  const tag = randomBytes(4).toString('hex');
  const rows = (await server
    .knex('users')
    .insert(
      ['first', 'second', 'gone'].map((name, index) => ({
        email: `${name}-${tag}@find-user.test`,
        first_name: 'Find',
        last_name: name,
        organization_id: org.id,
        is_admin: index === 0,
        two_factor_auth: index === 0 ? 'email' : null,
        is_active: name !== 'gone',
      })),
    )
    .returning(['id', 'email'])) as { id: number; email: string }[];
  users = rows.slice(0, 2);
  inactive = rows[2]!;
});
afterAll(() => server?.stop());

const findUser = async (query: string) => {
  const response = await fetch(`${server.baseUrl}/api/find-user?${query}`);
  return {
    status: response.status,
    body: (await response.json()) as {
      total?: number;
      data?: { code?: string; fields?: Record<string, string> } & Record<string, unknown>;
    } & Record<string, unknown>,
  };
};
const organization = () => ({
  name: org.name,
  address: org.address,
  role: 'carrier',
  walletUrl: '0',
});

describe('issue 9 §3: find-user cannot list users by id', () => {
  it('refuses ?id= with 400 validation_failed, naming no user', async () => {
    for (const query of [`id=${users[0]!.id}`, 'id=1', 'id=', `email=${users[0]!.email}&id=1`]) {
      const { status, body } = await findUser(query);
      expect(status, query).toBe(400);
      expect(body.data).toMatchObject({
        code: 'validation_failed',
        fields: { id: 'validation.additionalProperties' },
      });
      expect(JSON.stringify(body), query).not.toContain('@find-user.test');
    }
  });

  it('refuses a lookup with neither e-mail nor token', async () => {
    const { status, body } = await findUser('');
    expect(status).toBe(400);
    expect(body.data).toMatchObject({
      code: 'validation_failed',
      fields: { email: 'validation.required' },
    });
  });
});

describe('issue 9 §3 and access spec §7: find-user by e-mail answers the minimum', () => {
  it('answers id, e-mail and organisation only (no admin flag, no two-factor mode)', async () => {
    const { status, body } = await findUser(`email=${encodeURIComponent(users[0]!.email)}`);
    expect(status).toBe(200);
    expect(body).toEqual({
      total: 1,
      isLimitedToOrgId: false,
      data: [{ id: users[0]!.id, email: users[0]!.email, organization: organization() }],
    });
  });

  it('normalises the e-mail (access spec §5): padding and case find the same user', async () => {
    const padded = `  ${users[1]!.email.toUpperCase()}\t`;
    const { body } = await findUser(`email=${encodeURIComponent(padded)}`);
    expect(body).toMatchObject({ total: 1, data: [{ id: users[1]!.id }] });
  });

  it('answers an empty result for an unknown e-mail and for an inactive user', async () => {
    for (const email of ['nobody@nowhere.test', inactive.email]) {
      const { status, body } = await findUser(`email=${encodeURIComponent(email)}`);
      expect(status, email).toBe(200);
      expect(body, email).toEqual({ total: 0, isLimitedToOrgId: false, data: [] });
    }
  });

  it('refuses NUL, control characters and what is no e-mail with 400, never 5xx', async () => {
    const email = users[0]!.email;
    for (const query of [
      `email=${encodeURIComponent(`${email}\u0000`)}`,
      `email=${encodeURIComponent(email.replace('@', '\u0000@'))}`,
      `email=${encodeURIComponent(email.replace('@', '\u200b@'))}`,
      `email=${encodeURIComponent(email.replace('@', '\r\n@'))}`,
      'email=not-an-address',
      `email=${encodeURIComponent(email)}&email=${encodeURIComponent(email)}`,
    ]) {
      const { status, body } = await findUser(query);
      expect(status, query).toBe(400);
      expect(body.data?.code, query).toBe('validation_failed');
      expect(JSON.stringify(body), query).not.toContain('@find-user.test');
    }
  });
});

describe('issue 9 §3 and access spec §4 "Login flow": a login link token answers its one user', () => {
  it('answers the user of the link, limited to its organisation, once', async () => {
    const { token } = await issueLoginLink(server.knex, users[1]!.id);
    const first = await findUser(`token=${token}`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      total: 1,
      isLimitedToOrgId: true,
      data: [{ id: users[1]!.id, email: users[1]!.email, organization: organization() }],
    });
    const again = await findUser(`token=${token}`);
    expect(again.body).toEqual({ total: 0, isLimitedToOrgId: true, data: [] });
  });

  it('answers empty for an expired link or an unknown token', async () => {
    const { token } = await issueLoginLink(server.knex, users[0]!.id, -1000);
    expect((await findUser(`token=${token}`)).body).toMatchObject({ total: 0, data: [] });
    const unknown = randomBytes(32).toString('base64url');
    expect((await findUser(`token=${unknown}`)).body).toMatchObject({ total: 0, data: [] });
  });

  it('answers empty for a link of a user deactivated since', async () => {
    const { token } = await issueLoginLink(server.knex, inactive.id);
    expect((await findUser(`token=${token}`)).body).toMatchObject({ total: 0, data: [] });
  });

  it('refuses a token of the wrong shape with 400', async () => {
    for (const token of ['1', 'x'.repeat(44), `${'a'.repeat(42)}%00`]) {
      const { status, body } = await findUser(`token=${token}`);
      expect(status, token).toBe(400);
      expect(body.data?.code, token).toBe('validation_failed');
      // A NUL byte may be refused app-wide first (issue 9 §7), as `validation.characters`.
      expect(body.data?.fields?.token, token).toMatch(/^validation\.(pattern|characters)$/);
    }
  });
});

describe('issue 9 §3: issueLoginLink', () => {
  it('stores only the hash of a random single-use token, with user, expiry and used_at', async () => {
    const before = Date.now();
    const a = await issueLoginLink(server.knex, users[0]!.id);
    const b = await issueLoginLink(server.knex, users[0]!.id);
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.expiresAt.getTime()).toBeGreaterThan(before + 6 * 24 * 60 * 60_000);
    const rows = await server.knex('login_links').where({ user_id: users[0]!.id });
    expect(JSON.stringify(rows)).not.toContain(a.token);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);

    // Two uses at the same moment: exactly one wins.
    const uses = await Promise.all([
      consumeLoginLink(server.knex, b.token),
      consumeLoginLink(server.knex, b.token),
    ]);
    expect(uses.filter((use) => use === users[0]!.id)).toHaveLength(1);
    expect(uses.filter((use) => use === null)).toHaveLength(1);
    const used = await server.knex('login_links').whereNotNull('used_at');
    expect(used.length).toBeGreaterThan(0);
  });

  it('puts the token in the hash of the login page', () => {
    expect(loginLinkUrl('https://portal.test/', 'abc-_')).toBe(
      'https://portal.test/login#token=abc-_',
    );
  });
});

describe('issue 9 §3: the per-e-mail limit is keyed on the normalised address', () => {
  it('counts padded and upper-case spellings of one address together', async () => {
    const email = `limit-${randomBytes(4).toString('hex')}@find-user.test`;
    const spellings = [email, ` ${email}`, email.toUpperCase(), `${email}\n`, `\t${email} `];
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      const spelling = spellings[i % spellings.length]!;
      statuses.push((await findUser(`email=${encodeURIComponent(spelling)}`)).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
