import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  createOrganisationKeys,
  deriveSealingKeyPair,
  openPincode,
  sealPincode,
} from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../demo/demo-accounts.ts';
import { spawnServer, type ServerProcess } from '../test/spawn-server.ts';
import { seedDataDir, tempDir } from '../test/start-app.ts';
import { healthStatus, waitFor } from '../test/wait-for.ts';

/**
 * Issue 42 item 5 on a production start: the server's bundle finds the pincode workers' module
 * beside itself (build/server-bundle.ts copies it) and reseals a large batch in them.
 */
describe(
  'issue 42 item 5: the pincode workers from the server bundle',
  { timeout: 180_000 },
  () => {
    let dir: string;
    let server: ServerProcess;
    let baseUrl: string;

    beforeAll(async () => {
      dir = tempDir('scr-wallet-bundle-');
      server = spawnServer({
        DATA_DIR: seedDataDir(join(dir, 'data')),
        WEB_DIST: join(dir, 'no-dist'),
        // The demo world: users with keystores in the cloud wallet, and their password.
        DEMO_DATA: 'true',
      });
      baseUrl = `http://127.0.0.1:${await server.port()}`;
      await waitFor('health 200', async () => (await healthStatus(baseUrl)) === 200, {
        timeoutMs: 120_000,
      });
    });

    afterAll(async () => {
      if (server && server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      rmSync(dir, { recursive: true, force: true });
    });

    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read loose JSON
      return { status: response.status, body: (await response.json()) as any };
    };

    it('reseals 500 pincodes in a worker thread of the built server', async () => {
      const found = await fetch(`${baseUrl}/api/find-user?email=carrier%40demo.test`);
      const { data } = (await found.json()) as { data: { id: number }[] };
      const unlocked = await post('/wallet/unlock', {
        userId: String(data[0]!.id),
        password: demoPassword,
      });
      expect(unlocked.status).toBe(200);
      const target = await createOrganisationKeys();
      const items = await Promise.all(
        Array.from({ length: 500 }, async (_, i) => ({
          address: `0x${String(i).padStart(40, '0')}`,
          encryptedPincode: await sealPincode(String(200_000 + i), unlocked.body.sealingPublicKey),
        })),
      );
      const resealed = await post(
        '/wallet/pincodes/reseal',
        { targetPublicKey: target.sealingPublicKey, items },
        unlocked.body.token,
      );
      expect(resealed.status).toBe(200);
      const keys = await deriveSealingKeyPair(target.privateKey);
      const opened = await Promise.all(
        (resealed.body.items as { encryptedPincode: string }[]).map((item) =>
          openPincode(item.encryptedPincode, keys),
        ),
      );
      expect(opened).toEqual(items.map((_, i) => String(200_000 + i)));
      // Done by a worker, not by the event loop standing in for one that could not start. The
      // log is written asynchronously: its line may follow the answer.
      await waitFor('the pincode worker to log its start', () =>
        server.output().includes('pincode worker started'),
      );
      expect(server.output()).not.toContain('pincode worker failed');
    });
  },
);
