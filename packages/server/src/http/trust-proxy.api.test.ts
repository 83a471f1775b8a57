import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshClient } from '../test/client-calls.ts';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { signIn } from '../test/sign-in.ts';
import { socketCall } from '../test/sockets.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

/**
 * Issue 42 item 3: behind TRUST_PROXY's proxies, HTTP and socket.io read the client from
 * `X-Forwarded-For`, so clients behind one proxy keep budgets of their own and a forged header
 * escapes nothing; without it the header is ignored. The test process is the proxy.
 */
const budget = 3;
let proxied: TestServer;
let direct: TestServer;
const sockets: Socket[] = [];

beforeAll(async () => {
  const env = { SIGN_IN_CALLS_PER_IP_PER_MINUTE: String(budget), SIGN_IN_LOOKUPS_PER_ACCOUNT: '2' };
  [proxied, direct] = await Promise.all([
    startTestApp({ env: { ...env, TRUST_PROXY: '1' } }),
    startTestApp({ env }),
  ]);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await Promise.all([proxied?.stop(), direct?.stop()]);
});

/** A login link never issued: find-user answers it empty, spending only the address's budget. */
const loginLink = () => `find-user?token=${randomBytes(32).toString('base64url')}`;
const lookUp = (server: TestServer, forwardedFor: string | null) =>
  callAs(server.baseUrl, loginLink(), { forwardedFor });

/** A socket.io connection whose handshake carries `forwardedFor`. */
function socketAs(server: TestServer, forwardedFor: string) {
  const socket = io(server.baseUrl, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { 'x-forwarded-for': forwardedFor },
  });
  sockets.push(socket);
  return socket;
}

const challenge = { address: `0x${'34'.repeat(20)}` };
/** The error code of a challenge asked for over a socket (null: answered). */
async function challengeOver(socket: Socket) {
  const [error] = await socketCall(socket, 'create', 'authentication-challenges', challenge);
  return (error as { code?: number } | null)?.code ?? null;
}

describe('issue 42 item 3: HTTP behind TRUST_PROXY=1', () => {
  it('gives two clients behind one proxy address budgets of their own, and says when to come back', async () => {
    const [first, second] = [freshClient(), freshClient()];
    const statuses = [];
    for (let i = 0; i <= budget; i += 1) statuses.push((await lookUp(proxied, first)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await lookUp(proxied, first);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect((await lookUp(proxied, second)).status).toBe(200);
  });

  it('does not let a client escape its limit by prepending forged addresses', async () => {
    const [client, other] = [freshClient(), freshClient()];
    for (let i = 0; i < budget; i += 1) expect((await lookUp(proxied, client)).status).toBe(200);
    for (const forged of [
      `${other}, ${client}`,
      `${freshClient()},${client}`,
      `garbage, ${client}`,
    ]) {
      expect((await lookUp(proxied, forged)).status).toBe(429);
    }
    // The client it tried to pass for was never charged.
    expect((await lookUp(proxied, other)).status).toBe(200);
  });

  it('keeps e-mail lookups per client: one client over-using an address does not stop another', async () => {
    const path = `find-user?email=${randomBytes(4).toString('hex')}%40proxy.test`;
    const [nosy, owner] = [freshClient(), freshClient()];
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await callAs(proxied.baseUrl, path, { forwardedFor: nosy })).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect((await callAs(proxied.baseUrl, path, { forwardedFor: owner })).status).toBe(200);
  });

  it('spends no sign-in budget on a session token refresh, over REST or a socket', async () => {
    const org = await createWalletOrganization(proxied.knex);
    const user = org.users[0]!.id;
    // From the proxy's own address (no header): one challenge and one sign-in of the budget.
    const { accessToken } = await signIn(proxied.baseUrl, user, factoryPassword);
    for (let i = 0; i < budget + 2; i += 1) {
      const refresh = await callAs(proxied.baseUrl, 'authentication', {
        body: { strategy: 'jwt', accessToken },
      });
      expect(refresh.status).toBe(201);
      const socket = socketAs(proxied, '127.0.0.1');
      const [error] = await socketCall(socket, 'create', 'authentication', {
        strategy: 'jwt',
        accessToken,
      });
      expect(error).toBeNull();
    }
    // A second sign-in still fits the budget the refreshes did not spend.
    expect((await signIn(proxied.baseUrl, user, factoryPassword)).accessToken).toBeTruthy();
  });
});

describe('issue 42 item 3: HTTP without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: every header names the same client, the socket', async () => {
    const statuses = [];
    for (let i = 0; i <= budget; i += 1)
      statuses.push((await lookUp(direct, freshClient())).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('issue 42 item 3: socket.io reads the handshake likewise', () => {
  it('behind TRUST_PROXY=1: budgets per client, a forged header escapes nothing', async () => {
    const [client, other] = [freshClient(), freshClient()];
    const own = socketAs(proxied, client);
    const codes = [];
    for (let i = 0; i <= budget; i += 1) codes.push(await challengeOver(own));
    expect(codes).toEqual([null, null, null, 429]);
    expect(await challengeOver(socketAs(proxied, `${other}, ${client}`))).toBe(429);
    expect(await challengeOver(socketAs(proxied, other))).toBeNull();
  });

  it('without TRUST_PROXY: the header is ignored', async () => {
    const codes = [];
    for (let i = 0; i <= budget; i += 1)
      codes.push(await challengeOver(socketAs(direct, freshClient())));
    expect(codes).toEqual([null, null, null, 429]);
  });
});
