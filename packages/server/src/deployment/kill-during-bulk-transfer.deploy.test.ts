import { custodyServicePaths, type CustodyDryRunAnswer } from '@scr/domain';
import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { loadServerKey } from '../ledger/server-key.ts';
import { runCreateReleases } from '../releases/create-releases.ts';
import { signCustody } from '../releases/custody/sign-custody.ts';
import { apiCaller } from '../test/admin-kit.ts';
import { connect } from '../test/custody.ts';
import { startDeployment, type Deployment } from '../test/deployment.ts';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { releasePayload, releaseTerminal } from '../test/factories-releases.ts';
import { spawnServer } from '../test/spawn-server.ts';
import { waitFor } from '../test/wait-for.ts';

/**
 * Issue 42 item 11: an instance killed (SIGKILL, no chance to clean up) in the middle of a
 * 5,000-release bulk transfer on PostgreSQL. The transfer is one transaction: afterwards either
 * every release moved or none did, the ledger verifies, and the same signed action can then be
 * carried out by an instance that is still running.
 */
const releaseCount = 5_000;
let deployment: Deployment;

beforeAll(async () => {
  deployment = await startDeployment({ instances: 1 });
}, 120_000);
afterAll(() => deployment?.stop());

describe('kill -9 during a bulk transfer (issue 42 item 11)', () => {
  it('leaves all or nothing, a ledger that verifies, and the action still possible', async () => {
    const knex = deployment.knex;
    const [carrier, forwarder] = await Promise.all([
      createWalletOrganization(knex, { role: 'carrier', users: [{ isAdmin: true }] }),
      createWalletOrganization(knex, { users: [{ isAdmin: true }] }),
    ]);
    await connect(knex, carrier, forwarder);
    const serverPrivateKey = deployment.env.SERVER_PRIVATE_KEY!;
    const serverKey = loadServerKey({ serverPrivateKey } as Config);
    const pickupLocation = await releaseTerminal(knex);
    const inputs = await Promise.all(
      Array.from({ length: releaseCount }, () => releasePayload(knex, { pickupLocation })),
    );
    const { created } = await runCreateReleases(
      knex,
      serverKey,
      {
        organizationId: carrier.id,
        organizationAddress: carrier.address,
        organizationRole: 'carrier',
        userId: carrier.users[0]!.id,
        apiKeyId: null,
        label: `user:${carrier.users[0]!.id}`,
        seesTransferInfo: true,
      },
      inputs,
    );
    const addresses = created.map((release) => release.address);

    const [victim] = deployment.instances;
    const token = await deployment.tokenFor(carrier.users[0]!.id, factoryPassword);
    const api = apiCaller({ baseUrl: victim!.url });
    const path = custodyServicePaths.transfer;
    const dryRun = await api(path, {
      method: 'POST',
      token,
      body: {
        dryRun: true,
        release_addresses: addresses,
        target_organization_address: forwarder.address,
      },
    });
    expect(dryRun.status).toBe(201);
    const body = await signCustody(
      { address: carrier.address, privateKey: carrier.privateKey },
      'transfer',
      dryRun.body as CustodyDryRunAnswer,
    );

    // The apply, straight to the instance; killed once its transaction has written something.
    const applying = api(path, { method: 'POST', token, body }).catch((error: Error) => error);
    await waitFor(
      'the transfer to be writing',
      async () => {
        const { rows } = await knex.raw(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and application_name = 'scr-server'
              and backend_xid is not null`,
        );
        return rows[0].n > 0;
      },
      { intervalMs: 5 },
    );
    victim!.process.child.kill('SIGKILL');
    expect(await applying).toBeInstanceOf(Error);
    await victim!.process.exited;

    const moved = async () => {
      const [row] = await knex('release_parties')
        .where({ organization_id: forwarder.id, active: true })
        .count<{ count: string }[]>('* as count');
      return Number(row?.count);
    };
    const afterKill = await moved();
    expect([0, releaseCount]).toContain(afterKill);
    const serverAddress = new Wallet(serverPrivateKey).address;
    expect(
      (await verifyLedger(knex, { serverAddress, releaseAddresses: addresses })).broken,
    ).toBeNull();

    // Another instance carries out the same signed action (unless it had committed).
    const survivor = spawnServer({ ...deployment.env, DATA_DIR: victim!.dataDir });
    try {
      const port = await survivor.port();
      await waitFor('the new instance to be ready', async () => {
        const health = await fetch(`http://127.0.0.1:${port}/health`).catch(() => null);
        return health?.status === 200;
      });
      const again = await apiCaller({ baseUrl: `http://127.0.0.1:${port}` })(path, {
        method: 'POST',
        token,
        body,
      });
      // Had it committed before the kill, the same statement is refused as already used.
      if (afterKill === 0) expect(again.status).toBe(201);
      else expect(again.status).toBeGreaterThanOrEqual(400);
      expect(await moved()).toBe(releaseCount);
      const verified = await verifyLedger(knex, { serverAddress, releaseAddresses: addresses });
      expect(verified.broken).toBeNull();
      expect(verified.releases).toBe(releaseCount);
    } finally {
      survivor.child.kill('SIGTERM');
      await survivor.exited;
    }
  }, 240_000);
});
