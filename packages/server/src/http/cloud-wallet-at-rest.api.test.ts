import { randomBytes } from 'node:crypto';
import {
  deriveSealingKeyPair,
  KnexKeystoreStore,
  openKeystore,
  parseWalletToken,
  unlockedWalletKey,
  unwrapUnlockedKeys,
  WalletOperations,
} from '@scr/wallet';
import { getBytes } from 'ethers';
import sodium from 'libsodium-wrappers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KnexSharedStore } from '../shared-state/knex-shared-store.ts';
import { sharedKeyPrefix } from '../shared-state/shared-store.ts';
import { createWalletOrganization, factoryPassword, testScryptN } from '../test/factories.ts';
import { startPrivateRedis, type PrivateRedis } from '../test/private-redis.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { walletCall } from '../test/wallet-calls.ts';

/** Every key and value the portal keeps in a store: what a dump of it would show. */
type Dump = () => Promise<{ key: string; value: string }[]>;

const tableDump = (server: TestServer) => async () =>
  (await server.knex('shared_state').select('key', 'value', 'count')).map((row) => ({
    key: row.key as string,
    // A counter's row has a count and no value.
    value: (row.value as string | null) ?? String(row.count),
  }));

/** Every key of the Redis, each read as its type is. */
const redisDump = (server: TestServer) => async () => {
  const client = server.portal.app.get('sharedState').redis!.client;
  const rows: { key: string; value: string }[] = [];
  for (const key of await client.keys('*')) {
    const type = await client.type(key);
    const value =
      type === 'string'
        ? await client.get(key)
        : type === 'hash'
          ? JSON.stringify(await client.hGetAll(key))
          : type === 'list'
            ? JSON.stringify(await client.lRange(key, 0, -1))
            : type === 'set'
              ? JSON.stringify(await client.sMembers(key))
              : type === 'zset'
                ? JSON.stringify(await client.zRange(key, 0, -1))
                : JSON.stringify(await client.xRange(key, '-', '+'));
    rows.push({ key, value: String(value) });
  }
  return rows;
};

/** What must never rest in a store: the keys in every spelling, and the token's parts. */
async function secretsOf(privateKey: string, userPrivateKey: string, token: string) {
  await sodium.ready;
  const sealing = await deriveSealingKeyPair(privateKey);
  const seed = sodium.crypto_generichash(
    sodium.crypto_box_SEEDBYTES,
    getBytes(privateKey),
    sodium.from_string('scr/pincode-sealing-key/v1'),
  );
  const spellings = (bytes: Uint8Array) => [
    Buffer.from(bytes).toString('hex'),
    Buffer.from(bytes).toString('base64'),
    Buffer.from(bytes).toString('base64url'),
  ];
  const [id, secret] = token.split('.') as [string, string];
  return [
    ...spellings(getBytes(privateKey)),
    ...spellings(getBytes(userPrivateKey)),
    ...spellings(sealing.privateKey),
    ...spellings(seed),
    token,
    id,
    secret,
  ];
}

function atRest(where: string, start: () => Promise<{ server: TestServer; dump: Dump }>) {
  describe(`issue 42 item 1: a dump without a live token opens nothing (state in ${where})`, () => {
    let server: TestServer;
    let dump: Dump;
    beforeAll(async () => {
      ({ server, dump } = await start());
    });

    const unlockedRecord = async (token: string) => {
      const key = unlockedWalletKey(parseWalletToken(token)!);
      const rows = await dump();
      return rows.find((row) => row.key === key || row.key === `${sharedKeyPrefix}${key}`);
    };

    it('holds no private key, seed or token secret after an unlock, and its ciphertext opens only with the token', async () => {
      const org = await createWalletOrganization(server.knex);
      const userId = String(org.users[0]!.id);
      const unlocked = await walletCall(server.baseUrl, '/unlock', {
        userId,
        password: factoryPassword,
      });
      expect(unlocked.status).toBe(200);
      const token = unlocked.body.token as string;
      const record = await new KnexKeystoreStore(server.knex).find(userId);
      const personal = await openKeystore(record!.userKeystore!, factoryPassword);
      const secrets = await secretsOf(org.privateKey, personal!.privateKey, token);

      const rows = await dump();
      expect(rows.length).toBeGreaterThan(0);
      for (const { key, value } of rows) {
        for (const secret of secrets) {
          expect(`${key} ${value}`.toLowerCase()).not.toContain(secret.toLowerCase());
        }
      }
      const stored = await unlockedRecord(token);
      expect(stored).toBeDefined();
      const parsed = parseWalletToken(token)!;
      expect(unwrapUnlockedKeys({ ...parsed, secret: randomBytes(32) }, stored!.value)).toBeNull();
      // The real token opens it: the row read above is the wallet's.
      expect(unwrapUnlockedKeys(parsed, stored!.value)?.privateKey).toBe(org.privateKey);
    });

    it('keeps nothing of a wallet once it is locked', async () => {
      const org = await createWalletOrganization(server.knex);
      const { body } = await walletCall(server.baseUrl, '/unlock', {
        userId: String(org.users[0]!.id),
        password: factoryPassword,
      });
      expect(await unlockedRecord(body.token)).toBeDefined();
      expect((await walletCall(server.baseUrl, '/lock', {}, { token: body.token })).status).toBe(
        200,
      );
      expect(await unlockedRecord(body.token)).toBeUndefined();
    });

    it('keeps nothing of a wallet once it has expired', async () => {
      const org = await createWalletOrganization(server.knex);
      const shared = server.portal.app.get('sharedState');
      // The cloud wallet's own code over the portal's store, with a life of a fraction of a second.
      const operations = new WalletOperations({
        store: new KnexKeystoreStore(server.knex),
        state: shared.store,
        scryptN: testScryptN,
        ttlMs: 500,
      });
      try {
        const { token } = await operations.unlock({
          userId: String(org.users[0]!.id),
          password: factoryPassword,
        });
        expect(await unlockedRecord(token)).toBeDefined();
        await waitFor('the wallet to expire', async () =>
          operations.sign(token, { message: 'late' }).then(
            () => false,
            (error: { code?: string }) => error.code === 'wallet_unauthorized',
          ),
        );
        // Redis forgets it by itself; the table's expired rows go at its sweep.
        if (!shared.redis) await new KnexSharedStore(server.knex).sweep();
        await waitFor(
          'nothing to be left',
          async () => (await unlockedRecord(token)) === undefined,
        );
      } finally {
        await operations.close();
      }
    });
  });
}

let redis: PrivateRedis | undefined;
const servers: TestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await redis?.stop();
});

atRest('the database', async () => {
  const server = await startTestApp();
  servers.push(server);
  return { server, dump: tableDump(server) };
});

atRest('Redis', async () => {
  redis = await startPrivateRedis();
  const server = await startTestApp({ env: { REDIS_URL: redis.url } });
  servers.push(server);
  const link = server.portal.app.get('sharedState').redis!;
  await waitFor('redis to connect', () => link.isUp());
  const fromRedis = redisDump(server);
  const fromTable = tableDump(server);
  // Both are dumped: while Redis is up the wallet keeps nothing in the table either.
  return { server, dump: async () => [...(await fromRedis()), ...(await fromTable())] };
});
