import { rmSync } from 'node:fs';
import { subscriptionAccess, todayInBrussels, accountType } from '@scr/domain';
import type { Knex } from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestApp, tempDir, type TestServer } from '../test/start-app.ts';
import { demoAccounts, demoPassword } from './demo-accounts.ts';

async function demoCounts(knex: Knex) {
  const emails = demoAccounts.map((account) => account.email);
  const [users] = await knex('users').whereIn('email', emails).count<{ count: string }[]>();
  const [terminals] = await knex('terminals').count<{ count: string }[]>();
  return { users: Number(users?.count), terminals: Number(terminals?.count) };
}

describe('demo data', () => {
  const servers: TestServer[] = [];
  const dataDir = tempDir();
  afterAll(async () => {
    for (const server of servers) await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is loaded once: a second start on the same database adds nothing', async () => {
    const first = await startTestApp({ dataDir });
    servers.push(first);
    const firstStart = await first.portal.ready;
    const counts = await demoCounts(first.knex);
    expect(counts.users).toBe(demoAccounts.length);
    await first.stop();
    servers.pop();

    const second = await startTestApp({ dataDir });
    servers.push(second);
    expect((await second.portal.ready).demoLoaded).toBe(false);
    expect(await demoCounts(second.knex)).toEqual(counts);
    // On PGlite the folder is fresh, so the first start loaded it; on the shared PostgreSQL
    // database of the run, whichever test file started first did.
    if (second.portal.database.kind === 'pglite') expect(firstStart.demoLoaded).toBe(true);
  });

  it('gives every account an organisation with keys, and all but expired@ an active subscription', async () => {
    const server = servers[0]!;
    const rows = await server
      .knex('users as u')
      .join('organizations as o', 'o.id', 'u.organization_id')
      .whereIn(
        'u.email',
        demoAccounts.map((account) => account.email),
      )
      .select('u.email', 'u.is_admin', 'u.is_support', 'o.id', 'o.role', 'o.address')
      .select('o.sealing_public_key');
    const today = todayInBrussels();
    for (const row of rows) {
      expect(row.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(row.address).not.toBe(row.address.toLowerCase()); // EIP-55 mixed case
      expect(row.sealing_public_key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
      const subscriptions = await server
        .knex('subscriptions')
        .where({ organization_id: row.id })
        .select('subscription_id as subscriptionId', 'start_date as startDate')
        .select('end_date as endDate');
      expect(typeof subscriptions[0].startDate).toBe('string');
      expect(subscriptionAccess(subscriptions, today)).toEqual(
        row.email === 'expired@demo.test'
          ? { allowed: false, notice: 'scrSubscriptionExpired' }
          : { allowed: true },
      );
      if (row.email === 'haulier@demo.test') {
        expect(accountType(row.role, subscriptions, today)).toBe('scrBasic');
      }
      if (row.email === 'forwarder2@demo.test') {
        expect(accountType(row.role, subscriptions, today)).toBe('scrPremiumFreeTrial');
      }
    }
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get('admin@demo.test')).toMatchObject({ is_admin: true });
    expect(byEmail.get('support@demo.test')).toMatchObject({ is_support: true });
    expect(byEmail.get('carrier@demo.test')).toMatchObject({ role: 'carrier' });
    expect(byEmail.get('terminal@demo.test')).toMatchObject({ role: 'terminal' });
  });

  it('gives every demo user a keystore in the cloud wallet that opens with the demo password', async () => {
    const server = servers[0]!;
    const users = await server.knex('users').whereIn(
      'email',
      demoAccounts.map((a) => a.email),
    );
    expect(users).toHaveLength(demoAccounts.length);
    const keystores = await server.knex('wallet_users').whereIn(
      'user_id',
      users.map((u) => String(u.id)),
    );
    expect(keystores).toHaveLength(users.length);
    const carrier = users.find((user) => user.email === 'carrier@demo.test')!;
    const unlocked = await fetch(`${server.baseUrl}/wallet/unlock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: String(carrier.id), password: demoPassword }),
    });
    expect(unlocked.status).toBe(200);
    const org = await server.knex('organizations').where({ id: carrier.organization_id }).first();
    expect(((await unlocked.json()) as { address: string }).address).toBe(org.address);
  });

  it('marks the newcomer, the two-factor user and the invited organisation for the sign-in journeys', async () => {
    const server = servers[0]!;
    const byEmail = async (email: string) => server.knex('users').where({ email }).first();
    expect(await byEmail('twofactor@demo.test')).toMatchObject({ two_factor_auth: 'email' });
    expect(await byEmail('invited@demo.test')).toMatchObject({
      terms_accepted_at: null,
      eula_accepted_id: null,
    });
    expect((await byEmail('carrier@demo.test')).eula_accepted_id).not.toBeNull();
  });

  it('has the Antwerp terminals, without green lights at CSP120, K420, 120 and 420', async () => {
    const knex = servers[0]!.knex;
    const dark = await knex('terminals').where({ green_lights_shown: false, port_locode: 'BEANR' });
    expect(dark.map((t) => t.code).sort()).toEqual(['120', '420', 'CSP120', 'K420']);
    const ports = await knex('ports').pluck('locode');
    expect(ports).toEqual(expect.arrayContaining(['BEANR', 'NLRTM', 'BEZEE', 'DEHAM', 'BEGNE']));
    const owned = await knex('terminals as t')
      .join('organizations as o', 'o.id', 't.owner_organization_id')
      .where('o.role', 'terminal')
      .pluck('t.code');
    expect(owned.length).toBeGreaterThanOrEqual(3);
  });

  it('connects the forwarders with each other, the carrier and the haulier', async () => {
    const rows = await servers[0]!
      .knex('organization_connections as c')
      .join('organizations as a', 'a.id', 'c.organization_id')
      .join('organizations as b', 'b.id', 'c.connected_organization_id')
      .whereIn('c.reference', [
        'KF-DCL-0001',
        'SOL-KF-2231',
        'KF-WCT-0042',
        'SOL-DCL-1187',
        'DCL-WCT-0007',
      ])
      .select('a.name as from', 'b.name as to', 'c.status');
    expect(rows).toHaveLength(5);
    expect(rows.every((row) => row.status === 'finalized')).toBe(true);
  });
});
