import { addDays, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, unique } from '../../test/admin-kit.ts';
import { createOrganization } from '../../test/factories.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { addUsers } from '../orders/order-test-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

describe('access spec §7 "Order and organisations": GET organizations with field (name or VAT)', () => {
  it('lets any signed-in user find organisations by name or VAT, with their size and Premium end', async () => {
    const me = await signedInOrganization(server);
    const name = unique('Lookup Logistics');
    const vat = `BE0${Date.now().toString().slice(-9)}`;
    const other = await createOrganization(server.knex, { name, vat, city: 'Gent' });
    await addUsers(server, other.id, 11);
    const end = addDays(todayInBrussels(), 30);
    await server.knex('subscriptions').insert([
      { organization_id: other.id, subscription_id: 4, start_date: '2020-01-01', end_date: end },
      // An ended plan and a wallet plan do not count as the current Premium end.
      {
        organization_id: other.id,
        subscription_id: 4,
        start_date: '2020-01-01',
        end_date: '2021-01-01',
      },
      {
        organization_id: other.id,
        subscription_id: 1,
        start_date: '2020-01-01',
        end_date: '2099-01-01',
      },
    ]);
    const expected = {
      id: other.id,
      name,
      vat,
      city: 'Gent',
      country: 'BE',
      size: 'enterprise',
      premiumEndDate: end,
    };
    // A plain member (no admin, no support) searches.
    const byName = await api(`organizations?field=${encodeURIComponent(name.toUpperCase())}`, {
      token: me.tokens[1],
    });
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);
    expect(byName.body.data).toEqual([expect.objectContaining(expected)]);
    expect(byName.body.data[0]).not.toHaveProperty('userCount');
    const byVat = await api(`organizations?field=${vat.slice(2)}`, { token: me.tokens[1] });
    expect(byVat.body.data).toEqual([expect.objectContaining(expected)]);
  });

  it('reads the own organisation by address with countUsers: small, no Premium end', async () => {
    const me = await signedInOrganization(server);
    const own = await api(
      `organizations?address=${me.address.toUpperCase().replace('0X', '0x')}&countUsers=true`,
      {
        token: me.tokens[1],
      },
    );
    expect(own.status).toBe(200);
    // The factory's plan 4 has no end date: nothing to start after.
    expect(own.body.data).toEqual([
      expect.objectContaining({ id: me.id, size: 'small', premiumEndDate: null }),
    ]);
  });

  it('answers nothing without a search or an address, refuses a one-letter search and no session', async () => {
    const me = await signedInOrganization(server);
    const nothing = await api('organizations?countUsers=true', { token: me.tokens[1] });
    expect(nothing.body).toMatchObject({ total: 0, data: [] });
    const short = await api('organizations?field=a', { token: me.tokens[1] });
    expect(short.status).toBe(400);
    expect(short.body.data.code).toBe('validation_failed');
    expect((await api('organizations?field=Lookup')).status).toBe(401);
  });

  it('finds at most 20 and treats LIKE characters as text', async () => {
    const me = await signedInOrganization(server);
    const prefix = unique('Many');
    await Promise.all(
      Array.from({ length: 21 }, (_, i) =>
        createOrganization(server.knex, { name: `${prefix} ${i}` }),
      ),
    );
    const many = await api(`organizations?field=${encodeURIComponent(prefix)}`, {
      token: me.tokens[1],
    });
    expect(many.body).toMatchObject({ total: 21, limit: 20 });
    expect(many.body.data).toHaveLength(20);
    const percent = await api(`organizations?field=${encodeURIComponent('%%')}`, {
      token: me.tokens[1],
    });
    expect(percent.body.data).toEqual([]);
  });
});
