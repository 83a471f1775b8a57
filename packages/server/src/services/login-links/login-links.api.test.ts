import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCast, apiCaller } from '../../test/admin-kit.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { waitFor } from '../../test/wait-for.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let api: ReturnType<typeof apiCaller>;
let cast: Awaited<ReturnType<typeof adminCast>>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: { ...smtp.env, PUBLIC_URL: 'https://portal.test' } });
  api = apiCaller(server);
  cast = await adminCast(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const send = (userId: number, token: string) =>
  api('login-links', { method: 'POST', token, body: { userId } });

/** The link of the last e-mail to an address, quoted-printable undone. */
async function linkMailedTo(email: string, before: number): Promise<string> {
  const mails = () => smtp.received.filter((mail) => mail.to.includes(email));
  await waitFor('the login link e-mail', () => mails().length > before);
  const text = mails()
    .at(-1)!
    .raw.replace(/=\r?\n/g, '')
    .replaceAll('=3D', '=');
  return /https:\/\/portal\.test\/login#token=[A-Za-z0-9_-]{43}/.exec(text)![0];
}

describe('access spec §4 "Login flow": a login link mailed to a user signs them in through the hash', () => {
  it("an organisation's admin mails its user a single-use link that find-user answers once", async () => {
    const user = cast.a.users[1]!;
    const before = smtp.received.length;
    const answer = await send(user.id, cast.a.tokens[0]!);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ sent: true, email: user.email, expiresAt: expect.any(String) });
    const link = await linkMailedTo(user.email, before);
    const token = new URL(link).hash.replace('#token=', '');
    const found = await api(`find-user?token=${token}`);
    expect(found.body).toMatchObject({ total: 1, isLimitedToOrgId: true, data: [{ id: user.id }] });
    expect((await api(`find-user?token=${token}`)).body.total).toBe(0);
  });

  it("support may send one; a plain user may not; another organisation's user is not found", async () => {
    expect((await send(cast.a.users[1]!.id, cast.support)).status).toBe(201);
    expect((await send(cast.a.users[0]!.id, cast.a.tokens[1]!)).status).toBe(403);
    expect((await send(cast.a.users[1]!.id, cast.b.tokens[0]!)).status).toBe(404);
    expect((await send(999_999_999, cast.b.tokens[0]!)).status).toBe(404);
    expect((await api('login-links', { method: 'POST', body: { userId: 1 } })).status).toBe(401);
  });

  it('refuses a deactivated user and a body that is not one user id', async () => {
    await server.knex('users').where({ id: cast.b.users[1]!.id }).update({ is_active: false });
    const inactive = await send(cast.b.users[1]!.id, cast.b.tokens[0]!);
    expect(inactive.status).toBe(400);
    expect(inactive.body.data.fields).toEqual({ userId: 'validation.inactiveUser' });
    const bad = await api('login-links', {
      method: 'POST',
      token: cast.b.tokens[0],
      body: { userId: 'me', email: 'x@y.z' },
    });
    expect(bad.status).toBe(400);
  });
});
