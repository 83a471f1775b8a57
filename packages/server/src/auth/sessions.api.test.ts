import { randomUUID } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCaller,
  signedInOrganization,
  tokenFor,
  type SignedInOrganization,
} from '../test/admin-kit.ts';
import { releasePayload, releaseTerminal } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { releaseListener, socketCall, type Heard } from '../test/sockets.ts';
import type { PrivateRedis } from '../test/private-redis.ts';
import {
  eventsPart,
  eventsUp,
  startTwoInstances,
  twoInstancesPossible,
} from '../test/two-instances.ts';
import { waitFor } from '../test/wait-for.ts';
import { loadSessionUser } from './session-user.ts';

const hour = 3_600_000;
let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let terminal: string;
const sockets: Socket[] = [];

/** A socket.io client signed in with a token; records the release notices it hears. */
async function listener(accessToken: string, baseUrl = server.baseUrl) {
  const made = await releaseListener(baseUrl, sockets, accessToken);
  expect(made.error).toBeNull();
  return { ...made, answer: made.answer as { sessionEndsAt: string } };
}

/** The addresses of the releases a listener heard of, in order. */
const addressesOf = (listening: { heard: Heard[] }) =>
  listening.heard.map((notice) => notice.payload.address);

/** Creates a release as the carrier's admin; answers its address. */
async function createRelease() {
  const created = await api('releases', {
    method: 'POST',
    token: carrier.tokens[0],
    body: await releasePayload(server.knex, { pickupLocation: terminal }),
  });
  expect(created.status).toBe(201);
  return created.body.address as string;
}

const sessionOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

/** Moves a session's start back, as if it had been opened `ago` milliseconds ago. */
async function startedAgo(token: string, ago: number) {
  await server
    .knex('auth_sessions')
    .where({ id: sessionOf(token) })
    .update({ created_at: new Date(Date.now() - ago) });
}

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  carrier = await signedInOrganization(server, { role: 'carrier' });
  terminal = await releaseTerminal(server.knex);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await server?.stop();
});

describe('issue 9 §6 "Sessions": logging out ends the session on its sockets', () => {
  it('a REST logout disconnects the sockets of that session, which hear no further release notice', async () => {
    const token = await tokenFor(server, carrier.users[1]!.id);
    const doomed = await listener(token);
    const sibling = await listener(token);
    const witness = await listener(carrier.tokens[0]!);

    // Before the logout the sockets hear the carrier's releases.
    const before = await createRelease();
    await waitFor(
      'every socket to hear the first release',
      () => doomed.heard.length === 1 && sibling.heard.length === 1 && witness.heard.length === 1,
    );
    expect(addressesOf(doomed)).toEqual([before]);

    const logout = await api('authentication', { method: 'DELETE', token });
    expect(logout.status).toBe(200);
    await waitFor(
      'the server to disconnect both sockets of the session',
      () => doomed.closed.length === 1 && sibling.closed.length === 1,
    );
    expect(doomed.closed).toEqual(['io server disconnect']);

    const after = await createRelease();
    await waitFor('the witness of another session to hear it', () => witness.heard.length === 2);
    expect(addressesOf(witness)[1]).toBe(after);
    expect(addressesOf(doomed)).toEqual([before]);
    expect(addressesOf(sibling)).toEqual([before]);
    expect(witness.socket.connected).toBe(true);
  });

  it('a socket signing out gets its answer; the other sockets of its session are disconnected', async () => {
    const token = await tokenFor(server, carrier.users[1]!.id);
    const leaving = await listener(token);
    const other = await listener(token);
    const [error] = await socketCall(leaving.socket, 'remove', 'authentication', null, {});
    expect(error).toBeNull();
    await waitFor(
      'the other socket of the session to be disconnected',
      () => other.closed.length === 1,
    );
    expect(leaving.socket.connected).toBe(true);

    const witness = await listener(carrier.tokens[0]!);
    await createRelease();
    await waitFor('the witness to hear the release', () => witness.heard.length === 1);
    await socketCall(leaving.socket, 'find', 'app-info', {});
    expect(addressesOf(leaving)).toEqual([]);
    // The revoked session cannot sign the socket in again.
    const [again] = await socketCall(leaving.socket, 'create', 'authentication', {
      strategy: 'jwt',
      accessToken: token,
    });
    expect(again).toMatchObject({ code: 401, data: { code: 'session_invalid' } });
  });

  it('a socket of a session that still owes its e-mail code joins no channel', async () => {
    const org = await signedInOrganization(server, {
      role: 'carrier',
      users: [{ isAdmin: true, twoFactorByEmail: true }],
    });
    const user = await loadSessionUser(server.knex, org.users[0]!.id);
    const id = randomUUID();
    await server.knex('auth_sessions').insert({ id, user_id: user!.id });
    const pending = await server.portal.app
      .service('authentication')
      .answer(user!, { id, twoFactorPending: true }, 'wallet');
    expect(pending.twoFactorRequired).toBe(true);
    const owing = await listener(pending.accessToken);
    const witness = await listener(org.tokens[0]!);
    const created = await apiCaller(server)('releases', {
      method: 'POST',
      token: org.tokens[0],
      body: await releasePayload(server.knex, { pickupLocation: terminal }),
    });
    expect(created.status).toBe(201);
    await waitFor('the full session to hear the release', () => witness.heard.length === 1);
    await socketCall(owing.socket, 'find', 'app-info', {});
    expect(addressesOf(owing)).toEqual([]);
  });
});

describe('issue 9 §6 "Sessions": an absolute lifetime (SESSION_MAX_HOURS, 12 by default)', () => {
  it('refuses the jwt refresh and every call once the session is 12 hours old', async () => {
    const token = await tokenFor(server, carrier.users[1]!.id);
    await startedAgo(token, 12 * hour - 60_000);
    const refreshed = await api('authentication', {
      method: 'POST',
      body: { strategy: 'jwt', accessToken: token },
    });
    expect(refreshed.status).toBe(201);
    const endsAt = Date.parse(refreshed.body.sessionEndsAt);
    expect(Math.abs(endsAt - (Date.now() + 60_000))).toBeLessThan(10_000);
    const fresh = refreshed.body.accessToken as string;
    expect((await api(`users/${carrier.users[1]!.id}`, { token: fresh })).status).toBe(200);

    await startedAgo(token, 12 * hour + 1_000);
    for (const accessToken of [token, fresh]) {
      const refused = await api('authentication', {
        method: 'POST',
        body: { strategy: 'jwt', accessToken },
      });
      expect(refused.status).toBe(401);
      expect(refused.body.data.code).toBe('session_invalid');
      const call = await api(`users/${carrier.users[1]!.id}`, { token: accessToken });
      expect(call.status).toBe(401);
      expect(call.body.data.code).toBe('session_invalid');
    }
  });

  it('a socket stops hearing release notices, and is disconnected, when its session reaches its end', async () => {
    const token = await tokenFor(server, carrier.users[1]!.id);
    await startedAgo(token, 12 * hour - 2_000);
    const ending = await listener(token);
    expect(Date.parse(ending.answer.sessionEndsAt) - Date.now()).toBeLessThan(2_500);
    const witness = await listener(carrier.tokens[0]!);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await createRelease();
    await waitFor('the witness to hear the release', () => witness.heard.length === 1);
    await waitFor('the ended socket to be disconnected', () => ending.closed.length === 1);
    expect(addressesOf(ending)).toEqual([]);
  });

  it('takes its length from SESSION_MAX_HOURS', async () => {
    const short = await startTestApp({ env: { SESSION_MAX_HOURS: '1' } });
    try {
      const org = await signedInOrganization(short);
      const token = org.tokens[0]!;
      const shortApi = apiCaller(short);
      const answer = await shortApi('authentication', {
        method: 'POST',
        body: { strategy: 'jwt', accessToken: token },
      });
      expect(answer.status).toBe(201);
      expect(Date.parse(answer.body.sessionEndsAt) - Date.now()).toBeLessThanOrEqual(hour);
      await short
        .knex('auth_sessions')
        .where({ id: sessionOf(token) })
        .update({ created_at: new Date(Date.now() - hour - 1_000) });
      const refused = await shortApi('authentication', {
        method: 'POST',
        body: { strategy: 'jwt', accessToken: token },
      });
      expect(refused.status).toBe(401);
      expect(refused.body.data.code).toBe('session_invalid');
    } finally {
      await short.stop();
    }
  });
});

/**
 * Two instances on one PostgreSQL database and one Redis (DESIGN §2 "Scale out"): a logout on
 * one ends the session's sockets on the other (the `sessions-ended` live event, through Redis).
 */
describe.skipIf(!twoInstancesPossible())(
  'issue 9 §6 "Sessions": a logout ends the session on every instance',
  () => {
    let a: TestServer;
    let b: TestServer;
    let redis: PrivateRedis;
    let stop: () => Promise<void>;
    beforeAll(async () => {
      ({ a, b, redis, stop } = await startTwoInstances());
    });
    afterAll(() => stop?.());

    it('a REST logout on one instance disconnects the sockets of that session on the other', async () => {
      const org = await signedInOrganization(a, { role: 'carrier' });
      const code = await releaseTerminal(a.knex);
      const token = await tokenFor(a, org.users[1]!.id);
      const remote = await listener(token, b.baseUrl);
      const witness = await listener(org.tokens[0]!, b.baseUrl);
      const logout = await apiCaller(a)('authentication', { method: 'DELETE', token });
      expect(logout.status).toBe(200);
      await waitFor(
        'the socket on the other instance to be disconnected',
        () => remote.closed.length === 1,
      );
      expect(remote.closed).toEqual(['io server disconnect']);
      const created = await apiCaller(a)('releases', {
        method: 'POST',
        token: org.tokens[0],
        body: await releasePayload(a.knex, { pickupLocation: code }),
      });
      expect(created.status).toBe(201);
      await waitFor(
        'the witness on the other instance to hear it',
        () => witness.heard.length === 1,
      );
      expect(addressesOf(remote)).toEqual([]);
    });

    it('issue 42 item 4: a logout made while Redis is down reaches the other instance when Redis returns', async () => {
      const org = await signedInOrganization(a, { role: 'carrier' });
      const token = await tokenFor(a, org.users[1]!.id);
      const remote = await listener(token, b.baseUrl);
      await redis.stop();
      try {
        const logout = await apiCaller(a)('authentication', { method: 'DELETE', token });
        expect(logout.status).toBe(200);
        await waitFor(
          'A to report the events degraded',
          async () => (await eventsPart(a))?.state === 'degraded',
        );
        expect(remote.closed).toEqual([]);
      } finally {
        await redis.start();
      }
      await waitFor(
        'the socket on the other instance to be disconnected',
        () => remote.closed.length === 1,
      );
      expect(remote.closed).toEqual(['io server disconnect']);
      await eventsUp(a, b);
    });
  },
);
