import { addDays, nextBusinessDay, orderSubscriptionEnd, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCast, apiCaller, signedInOrganization } from '../../test/admin-kit.ts';
import { createOrganization } from '../../test/factories.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { waitFor } from '../../test/wait-for.ts';
import { addUsers, orderFor } from './order-test-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
const supportDesk = 'desk@support.test';

beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestApp({ env: { ...smtp.env, SUPPORT_EMAIL: supportDesk } });
  api = apiCaller(server);
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const order = (token: string | undefined, body: unknown) =>
  api('orders', { method: 'POST', token, body });

/** The first Friday at least a week from today. */
function aFridayAhead(): string {
  let day = addDays(todayInBrussels(), 7);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 5) day = addDays(day, 1);
  return day;
}

describe('access spec §3 "Premium order", §9: orders prices and dates an order', () => {
  it('stores the order with the fee computed from the user count and the next business day', async () => {
    // No active subscription at all: ordering is how such an organisation comes back (§4).
    const org = await signedInOrganization(server);
    await server.knex('subscriptions').where({ organization_id: org.id }).delete();
    const answer = await order(org.tokens[1], orderFor(org.id, { po: ' PO-17 ' }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'new',
      organizations: [{ id: org.id, name: org.name, size: 'small' }],
      flavor: 'premium',
      locations: ['BE'],
      formula: 'single',
      monthlyFee: 19,
      invoiceFrequency: 'monthly',
      invoiceAmount: 19,
      invoiceOrganization: { id: org.id, name: org.name },
      invoiceEmail: 'invoices@orderer.test',
      po: 'PO-17',
      startDate: nextBusinessDay(todayInBrussels()),
      orderedBy: { userId: org.users[1]!.id, email: org.users[1]!.email },
      subscriptionIds: [],
    });
    const row = await server.knex('orders').where({ id: answer.body.id }).first();
    expect(row).toMatchObject({ organization_id: org.id, monthly_fee: 19, status: 'new' });
    expect(row.eula_accepted_at).not.toBeNull();
  });

  it('access spec §9: a medium organisation, three locations, yearly: global 129 a month, 12 months invoiced', async () => {
    const org = await signedInOrganization(server);
    await addUsers(server, org.id, 3);
    const answer = await order(
      org.tokens[0],
      orderFor(org.id, { locations: ['BE', 'NL', 'PL'], invoiceFrequency: 'yearly', fee: 129 }),
    );
    expect(answer.body).toMatchObject({
      organizations: [{ size: 'medium' }],
      formula: 'global',
      monthlyFee: 129,
      invoiceAmount: 1548,
    });
  });

  it('access spec §9 enterprise multi rule: several organisations with an enterprise one', async () => {
    const own = await signedInOrganization(server);
    const others = await Promise.all([1, 2, 3].map(() => createOrganization(server.knex)));
    await Promise.all(others.map((other) => addUsers(server, other.id, 11)));
    const ids = [own.id, ...others.map((other) => other.id)];
    const answer = await order(own.tokens[0], orderFor(own.id, { organizationIds: ids, fee: 599 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ formula: 'multi', monthlyFee: 599 });
    expect(answer.body.organizations.map((o: { size: string }) => o.size)).toEqual([
      'small',
      'enterprise',
      'enterprise',
      'enterprise',
    ]);
  });

  it('access spec §4 "Premium order": the orderer’s plan ending on a Friday is followed on Monday', async () => {
    const friday = aFridayAhead();
    const org = await signedInOrganization(server);
    await server
      .knex('subscriptions')
      .where({ organization_id: org.id, subscription_id: 4 })
      .update({
        end_date: friday,
      });
    // Another ordered organisation's later end does not move the orderer's start.
    const partner = await createOrganization(server.knex);
    await server.knex('subscriptions').insert({
      organization_id: partner.id,
      subscription_id: 4,
      start_date: '2020-01-01',
      end_date: addDays(friday, 60),
    });
    const answer = await order(
      org.tokens[0],
      orderFor(org.id, { organizationIds: [org.id, partner.id], fee: 38 }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.startDate).toBe(addDays(friday, 3));
  });

  it('refuses a fee the orderer was not shown: 409 order_fee_changed, nothing stored', async () => {
    const org = await signedInOrganization(server);
    const before = await server.knex('orders').where({ organization_id: org.id });
    const answer = await order(org.tokens[0], orderFor(org.id, { fee: 49 }));
    expect(answer.status).toBe(409);
    expect(answer.body.data.code).toBe('order_fee_changed');
    expect(await server.knex('orders').where({ organization_id: org.id })).toEqual(before);
  });

  it('mails the orderer (in its language) and the support desk', async () => {
    const org = await signedInOrganization(server);
    await server.knex('users').where({ id: org.users[0]!.id }).update({ preferred_language: 'nl' });
    const answer = await order(org.tokens[0], orderFor(org.id));
    const subject = `Uw bestelling SCR Premium ${answer.body.id}`;
    await waitFor('both mails', () =>
      Promise.resolve(
        smtp.received.some((m) => m.raw.includes(subject)) &&
          smtp.received.some((m) => m.raw.includes(`order ${answer.body.id} from`)),
      ),
    );
    const mine = smtp.received.find((m) => m.raw.includes(subject))!;
    expect(mine.to).toEqual([org.users[0]!.email]);
    const desk = smtp.received.find((m) => m.raw.includes(`order ${answer.body.id} from`))!;
    expect(desk.to).toEqual([supportDesk]);
    expect(desk.raw).toContain(org.users[0]!.email);
  });
});

describe('access spec §5 "Order": validation messages', () => {
  it('needs a flavour, a location, an invoice organisation and e-mail, and the EULA accepted', async () => {
    const org = await signedInOrganization(server);
    const answer = await order(
      org.tokens[0],
      orderFor(org.id, {
        flavor: '',
        locations: [],
        invoiceOrganizationId: null,
        invoiceEmail: '',
        invoiceFrequency: 'weekly',
        eulaAccepted: false,
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data).toMatchObject({
      code: 'validation_failed',
      fields: {
        flavor: 'order.validation.flavorRequired',
        locations: 'order.validation.locationsRequired',
        invoiceOrganizationId: 'order.validation.invoiceOrganizationRequired',
        invoiceEmail: 'order.validation.invoiceEmailRequired',
        invoiceFrequency: 'order.validation.invoiceFrequencyInvalid',
        eulaAccepted: 'order.validation.eulaRequired',
      },
    });
  });

  it('the organisation list cannot drop the user’s own organisation', async () => {
    const org = await signedInOrganization(server);
    const other = await createOrganization(server.knex);
    const answer = await order(
      org.tokens[0],
      orderFor(org.id, { organizationIds: [other.id], invoiceOrganizationId: other.id }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual({
      organizationIds: 'order.validation.ownOrganizationRequired',
    });
  });

  it('an unknown organisation, an invalid e-mail, a location outside the four, bad shapes', async () => {
    const org = await signedInOrganization(server);
    const unknown = await order(
      org.tokens[0],
      orderFor(org.id, { organizationIds: [org.id, 999999] }),
    );
    expect(unknown.body.data.fields).toEqual({
      organizationIds: 'order.validation.organizationUnknown',
    });
    const invalid = await order(
      org.tokens[0],
      orderFor(org.id, { invoiceEmail: 'invoices', locations: ['FR'] }),
    );
    expect(invalid.body.data.fields).toEqual({
      invoiceEmail: 'order.validation.invoiceEmailInvalid',
      locations: 'order.validation.locationsInvalid',
    });
    const shape = await order(org.tokens[0], { ...orderFor(org.id), extra: 1, fee: 'free' });
    expect(shape.status).toBe(400);
    expect(shape.body.data.code).toBe('validation_failed');
  });

  it('refuses an order without a session: 401', async () => {
    const org = await signedInOrganization(server);
    expect((await order(undefined, orderFor(org.id))).status).toBe(401);
  });
});

describe('orders: tenancy, support’s list and the conversion into subscriptions', () => {
  it('another organisation’s order answers not found; the orderer’s organisation reads it', async () => {
    const { a, b, support } = await adminCast(server);
    const placed = await order(a.tokens[1], orderFor(a.id));
    expect((await api(`orders/${placed.body.id}`, { token: a.tokens[0] })).status).toBe(200);
    const foreign = await api(`orders/${placed.body.id}`, { token: b.tokens[0] });
    expect(foreign.status).toBe(404);
    expect((await api('orders/not-a-number', { token: a.tokens[0] })).status).toBe(404);
    expect((await api(`orders/${placed.body.id}`, { token: support })).status).toBe(200);
  });

  it('only support lists orders and handles them', async () => {
    const { a, support } = await adminCast(server);
    const placed = await order(a.tokens[0], orderFor(a.id));
    expect((await api('orders', { token: a.tokens[0] })).status).toBe(403);
    const refused = await api(`orders/${placed.body.id}`, {
      method: 'PATCH',
      token: a.tokens[0],
      body: { status: 'converted' },
    });
    expect(refused.status).toBe(403);
    const listed = await api('orders?status=new&$limit=100', { token: support });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((o: { id: number }) => o.id)).toContain(placed.body.id);
    expect(listed.body.data.every((o: { status: string }) => o.status === 'new')).toBe(true);
  });

  it('support turns an order into a subscription per organisation, once', async () => {
    const { a, b, support } = await adminCast(server);
    const placed = await order(
      a.tokens[0],
      orderFor(a.id, {
        organizationIds: [a.id, b.id],
        flavor: 'api',
        invoiceFrequency: 'yearly',
        fee: 38,
      }),
    );
    const start = placed.body.startDate;
    const converted = await api(`orders/${placed.body.id}`, {
      method: 'PATCH',
      token: support,
      body: { status: 'converted' },
    });
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(converted.body).toMatchObject({ status: 'converted', handledAt: expect.any(String) });
    expect(converted.body.subscriptionIds).toHaveLength(2);
    const made = await server
      .knex('subscriptions')
      .whereIn('id', converted.body.subscriptionIds)
      .orderBy('organization_id');
    expect(made.map((s) => [s.organization_id, s.subscription_id, s.start_date])).toEqual([
      ...[a.id, b.id].sort((x, y) => x - y).map((id) => [id, 3, start]),
    ]);
    expect(made.map((s) => s.end_date)).toEqual(
      [0, 1].map(() => orderSubscriptionEnd(start, 'yearly')),
    );
    const again = await api(`orders/${placed.body.id}`, {
      method: 'PATCH',
      token: support,
      body: { status: 'cancelled' },
    });
    expect(again.status).toBe(409);
    expect(again.body.data.code).toBe('order_already_handled');
  });

  it('support cancels an order: no subscription', async () => {
    const { a, support } = await adminCast(server);
    const placed = await order(a.tokens[0], orderFor(a.id));
    const cancelled = await api(`orders/${placed.body.id}`, {
      method: 'PATCH',
      token: support,
      body: { status: 'cancelled' },
    });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', subscriptionIds: [] });
    const missing = await api('orders/999999', {
      method: 'PATCH',
      token: support,
      body: { status: 'converted' },
    });
    expect(missing.status).toBe(404);
  });
});
