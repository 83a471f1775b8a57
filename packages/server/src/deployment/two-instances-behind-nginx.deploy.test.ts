import { addDays, custodyServicePaths, todayInBrussels } from '@scr/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../test/admin-kit.ts';
import { custodyCaller, connect, type Acting } from '../test/custody.ts';
import { startDeployment, upstreamOf, type Deployment } from '../test/deployment.ts';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { releasePayload } from '../test/factories-releases.ts';
import { post } from '../test/sign-in.ts';
import { releaseListener } from '../test/sockets.ts';
import { waitFor } from '../test/wait-for.ts';

/**
 * Issue 42 item 10: the deployment of docs/production.md, driven through nginx as users reach
 * it: two instances of the built server on one PostgreSQL database and one Redis, nginx with
 * the repository's configuration in front. Every request below goes through nginx unless it
 * says otherwise, and nginx's log tells which instance answered.
 */
let deployment: Deployment;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  deployment = await startDeployment({
    env: { EXPIRY_JOB_INTERVAL_MS: '500', SIGN_IN_CALLS_PER_IP_PER_MINUTE: '60' },
  });
  api = apiCaller(deployment.server);
}, 120_000);

afterAll(() => deployment?.stop());

const upstreams = () => new Set(deployment.nginx.requests().map((request) => request.upstream));

/** A carrier and a forwarder, connected, each with an admin signed in through nginx. */
async function chain() {
  const knex = deployment.knex;
  const [carrier, forwarder] = await Promise.all([
    createWalletOrganization(knex, { role: 'carrier', users: [{ isAdmin: true }, {}] }),
    createWalletOrganization(knex, { users: [{ isAdmin: true }] }),
  ]);
  await connect(knex, carrier, forwarder);
  const [carrierToken, forwarderToken] = await Promise.all([
    deployment.tokenFor(carrier.users[0]!.id, factoryPassword),
    deployment.tokenFor(forwarder.users[0]!.id, factoryPassword),
  ]);
  return { carrier, forwarder, carrierToken, forwarderToken };
}

describe('two instances behind nginx (issue 42 item 10)', () => {
  it('signs in through nginx, its steps answered by both instances', async () => {
    const org = await createWalletOrganization(deployment.knex, { users: [{ isAdmin: true }] });
    const token = await deployment.tokenFor(org.users[0]!.id, factoryPassword);
    expect((await api('preferences', { token })).status).toBe(200);
    expect([...upstreams()].sort()).toEqual(
      deployment.instances.map((instance) => instance.upstream).sort(),
    );
  });

  it('unlocks the cloud wallet on one instance and signs with it on the other', async () => {
    const org = await createWalletOrganization(deployment.knex, { users: [{ isAdmin: true }] });
    const userId = String(org.users[0]!.id);
    const unlocked = await post(`${deployment.url}/wallet/unlock`, {
      userId,
      password: factoryPassword,
    });
    const unlockedOn = upstreamOf(deployment, 'POST', '/wallet/unlock');
    let signedOn = unlockedOn;
    for (let attempt = 0; attempt < 6 && signedOn === unlockedOn; attempt += 1) {
      const { signature } = await post(
        `${deployment.url}/wallet/sign`,
        { message: `statement ${attempt}` },
        unlocked.token,
      );
      expect(signature).toMatch(/^0x[0-9a-f]{130}$/);
      signedOn = upstreamOf(deployment, 'POST', '/wallet/sign');
    }
    expect(signedOn).not.toBe(unlockedOn);
    // And straight at each instance, past nginx.
    for (const instance of deployment.instances) {
      const answer = await post(
        `${instance.url}/wallet/sign`,
        { message: 'straight' },
        unlocked.token,
      );
      expect(answer.signature).toMatch(/^0x/);
    }
  });

  it("delivers a transfer's notice to a socket held by the other instance", async () => {
    const { carrier, forwarder, carrierToken, forwarderToken } = await chain();
    const sockets: Socket[] = [];
    try {
      const listeners = [
        await releaseListener(deployment.url, sockets, forwarderToken),
        await releaseListener(deployment.url, sockets, forwarderToken),
      ];
      const created = await api('releases', {
        method: 'POST',
        token: carrierToken,
        body: await releasePayload(deployment.knex),
      });
      expect(created.status).toBe(201);
      const acting: Acting = {
        address: carrier.address,
        privateKey: carrier.privateKey,
        token: carrierToken,
      };
      const { applied } = await custodyCaller(deployment.server).act(
        acting,
        'transfer',
        [created.body.address],
        forwarder.address,
      );
      expect(applied.status).toBe(201);
      const appliedOn = upstreamOf(deployment, 'POST', `/api/${custodyServicePaths.transfer}`);
      for (const listener of listeners) {
        await waitFor('the notice on both sockets', () =>
          JSON.stringify(listener.heard).includes(created.body.address),
        );
      }
      for (const socket of sockets) socket.close();
      // nginx logs a WebSocket when it closes.
      await waitFor(
        'nginx to log both sockets',
        () =>
          deployment.nginx.requests().filter((r) => r.path.startsWith('/socket.io/')).length >= 2,
      );
      const socketsOn = deployment.nginx
        .requests()
        .filter((request) => request.path.startsWith('/socket.io/'))
        .slice(-2)
        .map((request) => request.upstream);
      expect(socketsOn.some((upstream) => upstream !== appliedOn)).toBe(true);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('runs the expiry job and sends an e-mail exactly once, with both instances polling', async () => {
    const { carrier, carrierToken } = await chain();
    const created = await api('releases', {
      method: 'POST',
      token: carrierToken,
      body: await releasePayload(deployment.knex),
    });
    expect(created.status).toBe(201);
    // Its validity ended yesterday, as after a day passed: both instances' jobs find it due.
    await deployment
      .knex('releases')
      .where({ address: created.body.address })
      .update({
        valid_until: addDays(todayInBrussels(), -1),
        valid_from: addDays(todayInBrussels(), -3),
      });
    const release = await deployment
      .knex('releases')
      .where({ address: created.body.address })
      .first('id');
    await waitFor('the release to expire', async () => {
      const row = await deployment.knex('releases').where({ id: release.id }).first();
      return row.release_status === 'expired';
    });
    // A login link mailed to a colleague: one outbox row, two workers polling it.
    const colleague = carrier.users[1]!;
    const sent = await api('login-links', {
      method: 'POST',
      token: carrierToken,
      body: { userId: colleague.id },
    });
    expect(sent.status).toBe(201);
    const to = colleague.email;
    await waitFor('the mail', () => deployment.smtp.received.some((m) => m.to.includes(to)));
    // Several more polls of both workers go by: still one of each.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(deployment.smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    const expiries = await deployment
      .knex('release_events')
      .where({ release_id: release.id, operation: 'expire' })
      .count<{ count: string }[]>('* as count');
    expect(Number(expiries[0]!.count)).toBe(1);
  });

  it('counts the sign-in limit once for both instances, and a forged X-Forwarded-For does not escape it', async () => {
    let refusedAfter = 0;
    for (let call = 1; call <= 130 && refusedAfter === 0; call += 1) {
      const answer = await fetch(
        `${deployment.url}/api/find-user?email=nobody-${call}@portal.test`,
      );
      await answer.arrayBuffer();
      if (answer.status === 429) refusedAfter = call;
    }
    // Counted per instance it would take up to 120 calls; once, at most 60 (fewer: this
    // minute's sign-ins above counted too).
    expect(refusedAfter).toBeGreaterThan(0);
    expect(refusedAfter).toBeLessThanOrEqual(61);
    // Both instances refuse now, also a client claiming another address.
    for (let i = 0; i < 4; i += 1) {
      const forged = await fetch(`${deployment.url}/api/find-user?email=x@portal.test`, {
        headers: { 'x-forwarded-for': `10.${i}.0.1` },
      });
      await forged.arrayBuffer();
      expect(forged.status).toBe(429);
    }
    const last = deployment.nginx.requests().slice(-4);
    expect(new Set(last.map((request) => request.upstream)).size).toBe(2);
  });
});
