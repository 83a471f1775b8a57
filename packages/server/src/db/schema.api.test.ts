import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganization } from '../test/factories.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { inTransaction } from './transaction.ts';

const failureCode = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: { code?: string }) => error.code,
  );

describe('the schema', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestApp();
  });
  afterAll(() => server?.stop());

  it('returns DATE columns as YYYY-MM-DD strings', async () => {
    const org = await createOrganization(server.knex);
    await server.knex('subscriptions').insert({
      organization_id: org.id,
      subscription_id: 4,
      start_date: '2024-02-29',
      end_date: '2024-12-31',
    });
    const row = await server.knex('subscriptions').where({ organization_id: org.id }).first();
    expect(row).toMatchObject({ start_date: '2024-02-29', end_date: '2024-12-31' });
  });

  it('keeps one e-mail unique per organisation, not across organisations', async () => {
    const [a, b] = [await createOrganization(server.knex), await createOrganization(server.knex)];
    const user = { email: 'same@person.test', first_name: 'An', last_name: 'Smet' };
    await server.knex('users').insert([
      { ...user, organization_id: a.id },
      { ...user, organization_id: b.id },
    ]);
    expect(await failureCode(server.knex('users').insert({ ...user, organization_id: a.id }))).toBe(
      '23505',
    );
    const upper = { ...user, email: 'Upper@Person.test', organization_id: a.id };
    expect(await failureCode(server.knex('users').insert(upper))).toBe('23514');
  });

  it('allows one connection per pair, whichever side asked', async () => {
    const [a, b] = [await createOrganization(server.knex), await createOrganization(server.knex)];
    await server
      .knex('organization_connections')
      .insert({ organization_id: a.id, connected_organization_id: b.id });
    const reverse = { organization_id: b.id, connected_organization_id: a.id };
    expect(await failureCode(server.knex('organization_connections').insert(reverse))).toBe(
      '23505',
    );
  });

  it('checks roles, plans, feature names and address format', async () => {
    const org = await createOrganization(server.knex);
    expect(await failureCode(createOrganization(server.knex, { role: 'pirate' }))).toBe('23514');
    expect(await failureCode(createOrganization(server.knex, { address: '0x1234' }))).toBe('23514');
    const plan = { organization_id: org.id, subscription_id: 6, start_date: '2025-01-01' };
    expect(await failureCode(server.knex('subscriptions').insert(plan))).toBe('23514');
    const feature = { organization_id: org.id, feature: 'canFly' };
    expect(await failureCode(server.knex('organization_features').insert(feature))).toBe('23514');
    await server
      .knex('organization_features')
      .insert({ organization_id: org.id, feature: 'canDashboard' });
  });

  it('rolls a transaction back as a whole', async () => {
    const name = `Rolled Back ${Date.now()}`;
    const failure = inTransaction(server.knex, async (trx) => {
      await createOrganization(trx, { name });
      await createOrganization(trx, { role: 'pirate' });
    });
    expect(await failureCode(failure)).toBe('23514');
    expect(await server.knex('organizations').where({ name }).first()).toBeUndefined();
  });
});
