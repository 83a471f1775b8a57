import { randomBytes } from 'node:crypto';
import {
  createOrganisationKeys,
  deriveSealingKeyPair,
  openPincode,
  organisationKeysFrom,
  sealPincode,
} from '@scr/wallet';
import { verifyMessage } from 'ethers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createWalletOrganization, factoryPassword } from '../test/factories.ts';
import { takePostgresDatabase, type PostgresDatabase } from '../test/postgres-pool.ts';
import { startPrivateRedis, type PrivateRedis } from '../test/private-redis.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { walletCall } from '../test/wallet-calls.ts';

/** Two instances need one PostgreSQL database: PGlite has one process per database. */
const onPostgres = () => !!inject('testDatabaseUrl');

for (const where of ['the database', 'Redis'] as const) {
  describe.skipIf(!onPostgres())(
    `issue 42 items 1 and 2: the cloud wallet on two instances (state in ${where})`,
    () => {
      let a: TestServer;
      let b: TestServer;
      let database: PostgresDatabase;
      let redis: PrivateRedis | null = null;

      beforeAll(async () => {
        redis = where === 'Redis' ? await startPrivateRedis() : null;
        database = (await takePostgresDatabase())!;
        const env = {
          AUTH_SECRET: randomBytes(32).toString('hex'),
          SERVER_PRIVATE_KEY: `0x${randomBytes(32).toString('hex')}`,
          ...(redis ? { REDIS_URL: redis.url } : {}),
        };
        [a, b] = await Promise.all([
          startTestApp({ env, databaseUrl: database.url }),
          startTestApp({ env, databaseUrl: database.url }),
        ]);
        for (const instance of [a, b]) {
          const link = instance.portal.app.get('sharedState').redis;
          if (link) await waitFor('redis to connect', () => link.isUp());
        }
      });

      afterAll(async () => {
        await Promise.all([a?.stop(), b?.stop()]);
        await database?.release();
        await redis?.stop();
      });

      const unlock = (on: TestServer, userId: number, password = factoryPassword, from?: string) =>
        walletCall(on.baseUrl, '/unlock', { userId: String(userId), password }, { from });

      it('unlocks on A, signs and reseals on B', async () => {
        const org = await createWalletOrganization(a.knex);
        const unlocked = await unlock(a, org.users[0]!.id);
        expect(unlocked.status).toBe(200);
        const { token } = unlocked.body;

        const signed = await walletCall(b.baseUrl, '/sign', { message: 'we state' }, { token });
        expect(signed.status).toBe(200);
        expect(verifyMessage('we state', signed.body.signature)).toBe(org.address);

        // Past the worker threshold: the batch goes to B's pincode workers.
        const { sealingPublicKey } = await organisationKeysFrom(org.privateKey);
        const target = await createOrganisationKeys();
        const items = await Promise.all(
          Array.from({ length: 150 }, async (_, i) => ({
            address: `0x${String(i).padStart(40, '0')}`,
            encryptedPincode: await sealPincode(String(100_000 + i), sealingPublicKey),
          })),
        );
        const resealed = await walletCall(
          b.baseUrl,
          '/pincodes/reseal',
          { targetPublicKey: target.sealingPublicKey, items },
          { token },
        );
        expect(resealed.status).toBe(200);
        const targetKeys = await deriveSealingKeyPair(target.privateKey);
        const opened = await Promise.all(
          (resealed.body.items as { encryptedPincode: string }[]).map((item) =>
            openPincode(item.encryptedPincode, targetKeys),
          ),
        );
        expect(opened).toEqual(items.map((_, i) => String(100_000 + i)));
      });

      it('refuses on A a wallet locked on B', async () => {
        const org = await createWalletOrganization(a.knex);
        const { token } = (await unlock(a, org.users[0]!.id)).body;
        expect((await walletCall(b.baseUrl, '/lock', {}, { token })).status).toBe(200);
        const refused = await walletCall(a.baseUrl, '/sign', { message: 'x' }, { token });
        expect(refused.status).toBe(401);
        expect(refused.body.data.code).toBe('wallet_unauthorized');
      });

      it('ends on B the wallet of a user whose password an admin reset on A, and B opens the new one', async () => {
        const org = await createWalletOrganization(a.knex, {
          users: [{ isAdmin: true }, { isAdmin: false }],
        });
        const admin = org.users[0]!;
        const member = org.users[1]!;
        const before = (await unlock(b, member.id)).body.token;
        const adminToken = (await unlock(a, admin.id)).body.token;
        const reset = await walletCall(
          a.baseUrl,
          '/users/password',
          { userId: String(member.id), password: 'a-brand-new-password' },
          { token: adminToken },
        );
        expect(reset.status).toBe(200);
        for (const instance of [b, a]) {
          const refused = await walletCall(
            instance.baseUrl,
            '/sign',
            { message: 'x' },
            {
              token: before,
            },
          );
          expect(refused.status).toBe(401);
        }
        const after = await unlock(b, member.id, 'a-brand-new-password');
        expect(after.status).toBe(200);
        const signed = await walletCall(
          a.baseUrl,
          '/sign',
          { message: 'x' },
          {
            token: after.body.token,
          },
        );
        expect(signed.status).toBe(200);
      });

      it('counts one client’s failures once for both instances, and never stops another client’s right password', async () => {
        const org = await createWalletOrganization(a.knex);
        const userId = org.users[0]!.id;
        const guesser = '127.0.2.1';
        for (let i = 0; i < 10; i += 1) {
          const answer = await unlock(i % 2 ? b : a, userId, `guess-${i}`, guesser);
          expect(answer.status).toBe(401);
        }
        for (const instance of [a, b]) {
          const refused = await unlock(instance, userId, factoryPassword, guesser);
          expect(refused.status).toBe(429);
          expect(refused.body.data.code).toBe('too_many_requests');
          expect(Number(refused.retryAfter)).toBeGreaterThan(0);
        }
        expect((await unlock(b, userId, factoryPassword, '127.0.2.2')).status).toBe(200);
      });

      it("slows the unlocks of a user under attack from several clients and e-mails the user once, in the user's language", async () => {
        const org = await createWalletOrganization(a.knex);
        const user = org.users[0]!;
        await a.knex('users').where({ id: user.id }).update({ preferred_language: 'fr' });
        // Twenty failures (domain passwordGuessing: ceiling and alert), ten from each of two
        // clients, half on each instance: neither client reaches its own stop.
        for (let i = 0; i < 20; i += 1) {
          const answer = await unlock(
            i % 2 ? b : a,
            user.id,
            `guess-${i}`,
            `127.0.3.${i % 4 < 2 ? 1 : 2}`,
          );
          expect(answer.status).toBe(401);
        }
        const mails = async () =>
          (await a.knex('outbox').where({ topic: 'mail' }).select('payload'))
            .map((row) => row.payload as { to: string; subject: string; text: string })
            .filter((mail) => mail.to === user.email);
        const [mail, ...more] = await mails();
        expect(more).toEqual([]);
        expect(mail!.subject).toBe('Tentatives échouées de déverrouiller votre ID wallet');
        expect(mail!.text).toContain('20 fois, depuis 2 adresses réseau différentes');
        expect(mail!.text).toMatch(/Depuis le \d{1,2} \S+ \d{4}/);
        expect(mail!.text).not.toContain('127.0.');

        // A client that has not failed gets in with the right password, slowed.
        const started = Date.now();
        expect((await unlock(b, user.id, factoryPassword, '127.0.3.9')).status).toBe(200);
        expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
        expect((await unlock(a, user.id, 'one-more-guess', '127.0.3.8')).status).toBe(401);
        expect(await mails()).toHaveLength(1);
      });
    },
  );
}
