import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../test/captured-log.ts';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { signIn, walletAnswer } from '../test/sign-in.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let org: Awaited<ReturnType<typeof createWalletOrganization>>;
const log = capturedLog();

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: smtp.env, logger: log.logger });
  org = await createWalletOrganization(server.knex, {
    users: [{ twoFactorByEmail: true, isAdmin: true }, { twoFactorByEmail: true }],
  });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const api = (path: string, token: string, body?: unknown) =>
  fetch(`${server.baseUrl}/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** Asks for a code and reads it from the e-mail the local SMTP server received. */
async function codeByEmail(token: string, email: string): Promise<string> {
  const before = smtp.received.filter((mail) => mail.to.includes(email)).length;
  expect(await (await api('two-factor/auth/email', token)).json()).toEqual({ sent: true });
  const mails = () => smtp.received.filter((m) => m.to.includes(email));
  await waitFor('the code e-mail', () => mails().length > before);
  const mail = mails().at(-1)!;
  return /verification code for Secure Container Release is (\d{6})/.exec(mail.raw)![1]!;
}

describe('access spec §2 "Two-factor email screen" and §4 "Two-factor"', () => {
  it('gives a token that reaches only the two-factor endpoints, then a full one after the e-mailed code', async () => {
    const user = org.users[0]!;
    const first = await signIn(server.baseUrl, user.id, factoryPassword);
    expect(first.twoFactorRequired).toBe(true);
    expect((await api(`users/${user.id}`, first.accessToken)).status).toBe(401);

    const code = await codeByEmail(first.accessToken, user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await api('two-factor/auth/email/validate', first.accessToken, { code: wrong });
    expect(refused.status).toBe(400);

    const validated = await api('two-factor/auth/email/validate', first.accessToken, { code });
    expect(validated.status).toBe(201);
    const body = (await validated.json()) as {
      twoFactorAuthEmailValidated: boolean;
      token: string;
      user: { id: number };
    };
    expect(body.twoFactorAuthEmailValidated).toBe(true);
    expect(body.user.id).toBe(user.id);
    expect((await api(`users/${user.id}`, body.token)).status).toBe(200);
    // Used once: the same code no longer validates.
    expect((await api('two-factor/auth/email/validate', body.token, { code })).status).toBe(400);
  });

  it('refuses a code that is not 6 digits without counting it as a try', async () => {
    const { accessToken } = await signIn(server.baseUrl, org.users[1]!.id, factoryPassword);
    await codeByEmail(accessToken, org.users[1]!.email);
    const response = await api('two-factor/auth/email/validate', accessToken, { code: '12345' });
    expect(response.status).toBe(400);
    const [live] = await server
      .knex('two_factor_codes')
      .whereNull('closed_at')
      .orderBy('id', 'desc')
      .limit(1);
    expect(live.attempts).toBe(0);
  });

  it('expires codes after 10 minutes', async () => {
    const { accessToken } = await signIn(server.baseUrl, org.users[1]!.id, factoryPassword);
    const code = await codeByEmail(accessToken, org.users[1]!.email);
    const [live] = await server
      .knex('two_factor_codes')
      .whereNull('closed_at')
      .orderBy('id', 'desc')
      .limit(1);
    expect(new Date(live.expires_at).getTime() - new Date(live.created_at).getTime()).toBeCloseTo(
      10 * 60_000,
      -3,
    );
    await server
      .knex('two_factor_codes')
      .where({ id: live.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const response = await api('two-factor/auth/email/validate', accessToken, { code });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/expired/);
  });

  it('allows at most 5 wrong tries per code, then not even the right code', async () => {
    const { accessToken } = await signIn(server.baseUrl, org.users[1]!.id, factoryPassword);
    const code = await codeByEmail(accessToken, org.users[1]!.email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await api('two-factor/auth/email/validate', accessToken, { code: wrong })).status,
      ).toBe(400);
    }
    const locked = await api('two-factor/auth/email/validate', accessToken, { code });
    expect(locked.status).toBe(429);
    // A new code opens the way again.
    const next = await codeByEmail(accessToken, org.users[1]!.email);
    expect((await api('two-factor/auth/email/validate', accessToken, { code: next })).status).toBe(
      201,
    );
  });

  it('replaces the previous code when a new one is sent', async () => {
    const own = await createWalletOrganization(server.knex, {
      users: [{ twoFactorByEmail: true }],
    });
    const { accessToken } = await signIn(server.baseUrl, own.users[0]!.id, factoryPassword);
    const old = await codeByEmail(accessToken, own.users[0]!.email);
    const fresh = await codeByEmail(accessToken, own.users[0]!.email);
    if (old !== fresh) {
      expect((await api('two-factor/auth/email/validate', accessToken, { code: old })).status).toBe(
        400,
      );
    }
    expect((await api('two-factor/auth/email/validate', accessToken, { code: fresh })).status).toBe(
      201,
    );
  });

  it('sends at most 5 codes per user in 10 minutes (issue 3: abuse limits)', async () => {
    const own = await createWalletOrganization(server.knex, {
      users: [{ twoFactorByEmail: true }],
    });
    const { accessToken } = await signIn(server.baseUrl, own.users[0]!.id, factoryPassword);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await api('two-factor/auth/email', accessToken)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('has nothing to send for a user without two-factor', async () => {
    const plain = await createWalletOrganization(server.knex);
    const { accessToken } = await signIn(server.baseUrl, plain.users[0]!.id, factoryPassword);
    expect((await api('two-factor/auth/email', accessToken)).status).toBe(400);
  });
});

describe('issue 3: no secret reaches a log line', () => {
  it('logs no password, private key, wallet token, access token or 2FA code during a full sign-in', async () => {
    const user = org.users[0]!;
    const answer = await walletAnswer(server.baseUrl, user.id, factoryPassword);
    const { walletToken, ...body } = answer;
    const signedIn = (await (
      await fetch(`${server.baseUrl}/api/authentication`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as { accessToken: string };
    const code = await codeByEmail(signedIn.accessToken, user.email);
    const validated = (await (
      await api('two-factor/auth/email/validate', signedIn.accessToken, { code })
    ).json()) as { token: string };
    await api(`users/${user.id}`, validated.token);

    const logs = log.text();
    expect(logs).toContain('/api/authentication'); // the flow was logged at all
    for (const secret of [
      factoryPassword,
      org.privateKey,
      org.privateKey.slice(2),
      walletToken,
      signedIn.accessToken,
      validated.token,
      answer.signature,
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toMatch(new RegExp(`\\b${code}\\b`));
  });
});
