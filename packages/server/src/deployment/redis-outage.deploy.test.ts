import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller } from '../test/admin-kit.ts';
import { connect, custodyCaller } from '../test/custody.ts';
import { startDeployment, type Deployment } from '../test/deployment.ts';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { releasePayload } from '../test/factories-releases.ts';
import { releaseListener } from '../test/sockets.ts';
import { waitFor } from '../test/wait-for.ts';

/**
 * Issue 42 item 11: Redis stopped and started under two running instances. Each instance keeps
 * serving its own sockets throughout; the other instance's sockets hear of it once Redis is
 * back, without restarting anything; sign-in and the wallet keep working meanwhile.
 */
let deployment: Deployment;
const sockets: Socket[] = [];

beforeAll(async () => {
  deployment = await startDeployment();
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await deployment?.stop();
});

describe('Redis stopped and started (issue 42 item 11)', () => {
  it('keeps each instance serving its own sockets, and events between them resume', async () => {
    const knex = deployment.knex;
    const [carrier, forwarder] = await Promise.all([
      createWalletOrganization(knex, { role: 'carrier', users: [{ isAdmin: true }] }),
      createWalletOrganization(knex, { users: [{ isAdmin: true }] }),
    ]);
    await connect(knex, carrier, forwarder);
    const [a, b] = deployment.instances;
    const carrierToken = await deployment.tokenFor(carrier.users[0]!.id, factoryPassword);
    const forwarderToken = await deployment.tokenFor(forwarder.users[0]!.id, factoryPassword);
    const onA = await releaseListener(a!.url, sockets, forwarderToken);
    const onB = await releaseListener(b!.url, sockets, forwarderToken);
    const acting = {
      address: carrier.address,
      privateKey: carrier.privateKey,
      token: carrierToken,
    };
    const transferOnA = async () => {
      const created = await apiCaller({ baseUrl: a!.url })('releases', {
        method: 'POST',
        token: carrierToken,
        body: await releasePayload(knex),
      });
      expect(created.status).toBe(201);
      const { applied } = await custodyCaller({ baseUrl: a!.url }).act(
        acting,
        'transfer',
        [created.body.address],
        forwarder.address,
      );
      expect(applied.status).toBe(201);
      return created.body.address as string;
    };
    const heardOf = (listener: typeof onA, address: string) =>
      listener.heard.some((heard) => heard.payload.address === address);

    const before = await transferOnA();
    await waitFor('both sockets to hear', () => heardOf(onA, before) && heardOf(onB, before));

    await deployment.redis.stop();
    const during = await transferOnA();
    await waitFor("A's own socket to hear without Redis", () => heardOf(onA, during));
    expect(heardOf(onB, during)).toBe(false);
    // Signing in still works, its limits counted in the database meanwhile.
    expect(await deployment.tokenFor(forwarder.users[0]!.id, factoryPassword)).toMatch(/^ey/);

    await deployment.redis.start();
    await waitFor('B to hear what A kept while Redis was away', () => heardOf(onB, during), {
      timeoutMs: 60_000,
    });
    const after = await transferOnA();
    await waitFor('both sockets to hear again', () => heardOf(onA, after) && heardOf(onB, after));
    for (const instance of deployment.instances) {
      expect(instance.process.child.exitCode).toBeNull();
    }
  }, 180_000);
});
