import { addDays, todayInBrussels, type DashboardAnswer, type DashboardItem } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';
import { createBillOfLading } from '../../test/factories-overview.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

const today = todayInBrussels();

/** The numbers of one chart, by slice value. */
const chart = (answer: DashboardAnswer, field: string) =>
  Object.fromEntries(
    answer.data
      .filter((item: DashboardItem) => item.chartTitle === field)
      .map((item) => [item.value, item.number]),
  );

/** A forwarder holding seven releases of a carrier, one of them passed on to a haulier. */
async function world() {
  const [carrier, forwarder, haulier] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
  ]);
  const shanghai = await createBillOfLading(server.knex, {
    carrierId: carrier.id,
    portOfDestination: 'Shanghai',
    releases: [
      { chain: [forwarder.id], pickupLocation: 'K913', validUntil: addDays(today, 1) },
      { chain: [forwarder.id], pickupLocation: 'K913', validUntil: addDays(today, 3) },
      { chain: [forwarder.id, haulier.id], pickupLocation: '913', validUntil: addDays(today, 20) },
      { chain: [forwarder.id], releaseStatus: 'blocked', validUntil: addDays(today, 30) },
    ],
  });
  const nowhere = await createBillOfLading(server.knex, {
    carrierId: carrier.id,
    releases: [
      { chain: [forwarder.id], releaseStatus: 'expired', validUntil: addDays(today, -2) },
      { chain: [forwarder.id], lastStatus: 'pinRetrieved', validUntil: addDays(today, 9) },
      { chain: [forwarder.id], releaseStatus: 'deleted' },
      // Archived (10 days past expiry): history, not counted.
      { chain: [forwarder.id], releaseStatus: 'expired', validUntil: addDays(today, -11) },
    ],
  });
  return { carrier, forwarder, haulier, shanghai, nowhere };
}

describe('dashboard find (releases spec §2 dashboard, §3 "Dashboard item", §7)', () => {
  it('counts the caller’s releases not yet archived per chart field, in SQL over its own rows', async () => {
    const { forwarder } = await world();
    const { status, body } = await api('dashboard', { token: forwarder.tokens[0] });
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 6, today });
    expect(chart(body, 'releaseStatus')).toEqual({ released: 4, blocked: 1, expired: 1 });
    expect(chart(body, 'transferStatus')).toEqual({ owned: 4, transferred: 1, pinRetrieved: 1 });
    expect(chart(body, 'pickupLocation')).toEqual({ K913: 2, '913': 1, '1742': 3 });
    expect(chart(body, 'valid')).toEqual({ expired: 1, expiresIn1: 1, expiresIn5: 1, later: 3 });
    // Five fields, four positions: portOfDestination waits behind four fields that spread.
    expect(chart(body, 'portOfDestination')).toEqual({});
    expect(new Set(body.data.map((item: DashboardItem) => item.forChart))).toEqual(
      new Set([0, 1, 2, 3]),
    );
    expect(body.data[0]).toEqual({
      forChart: 0,
      chartTitle: 'releaseStatus',
      translationKey: 'releases.releaseStatus.released',
      unit: 'releases',
      number: 4,
      value: 'released',
    });
  });

  it('shows each organisation only its own rows: the carrier its own picture, an outsider nothing', async () => {
    const { carrier, haulier } = await world();
    const outsider = await signedInOrganization(server);
    const carrierView = (await api('dashboard', { token: carrier.tokens[0] })).body;
    // The carrier passed everything on: one transfer slice, so port of destination takes a chart.
    expect(chart(carrierView, 'transferStatus')).toEqual({});
    expect(chart(carrierView, 'portOfDestination')).toEqual({ Shanghai: 4, '': 2 });
    const haulierView = (await api('dashboard', { token: haulier.tokens[0] })).body;
    expect(haulierView.total).toBe(1);
    expect(chart(haulierView, 'pickupLocation')).toEqual({ '913': 1 });
    expect((await api('dashboard', { token: outsider.tokens[0] })).body).toMatchObject({
      total: 0,
      data: [],
    });
  });

  it('counts only the addresses named (§7 "query addresses"), another’s not at all', async () => {
    const { forwarder, shanghai } = await world();
    const other = await world();
    const [a, b] = shanghai.releases;
    const named = [a!.address, b!.address, other.shanghai.releases[0]!.address, 'nonsense'];
    const query = named.map((address) => `addresses[]=${address}`).join('&');
    const { body } = await api(`dashboard?${query}`, { token: forwarder.tokens[0] });
    expect(body.total).toBe(2);
    expect(chart(body, 'pickupLocation')).toEqual({ K913: 2 });
  });

  it('refuses without canDashboard (§6: the promotional page instead), without a session, and bad queries', async () => {
    const { forwarder } = await world();
    await server
      .knex('organization_features')
      .insert({ organization_id: forwarder.id, feature: 'canDashboard', enabled: false });
    const refused = await api('dashboard', { token: forwarder.tokens[0] });
    expect(refused.status).toBe(403);
    expect(refused.body.data.code).toBe('subscription_required');
    expect((await api('dashboard')).status).toBe(401);
    const { haulier } = await world();
    expect((await api('dashboard?$skip=1', { token: haulier.tokens[0] })).status).toBe(400);
  });
});

describe('a clicked slice filters the overview to exactly its releases (§2)', () => {
  const slice = (field: string, value: string) =>
    `$slice[field]=${field}&$slice[value]=${encodeURIComponent(value)}`;

  it('matches each field exactly, across validity, and no more than the slice counted', async () => {
    const { forwarder, shanghai, nowhere } = await world();
    const find = async (query: string) =>
      (await api(`containers?${query}`, { token: forwarder.tokens[0] })).body;
    const numbers = (page: { data: { containerNumber: string }[] }) =>
      page.data.map((row) => row.containerNumber).sort();
    const [k1, k2, n913, blocked] = shanghai.releases;
    const [expired, pin] = nowhere.releases;
    // Exact: "913" is not "K913" (a text filter would match both).
    expect(numbers(await find(slice('pickupLocation', '913')))).toEqual([n913!.containerNumber]);
    // The expired one shows although the validity filter says "valid only".
    expect(
      numbers(await find(`${slice('releaseStatus', 'expired')}&$filter[valid]=showOnlyValid`)),
    ).toEqual([expired!.containerNumber]);
    expect(numbers(await find(slice('valid', 'expiresIn5')))).toEqual([k2!.containerNumber]);
    expect(numbers(await find(slice('valid', 'later')))).toEqual(
      [n913, blocked, pin].map((r) => r!.containerNumber).sort(),
    );
    expect((await find(slice('portOfDestination', ''))).total).toBe(2);
    expect(numbers(await find(slice('portOfDestination', 'Shanghai')))).toEqual(
      [k1, k2, n913, blocked].map((r) => r!.containerNumber).sort(),
    );
    expect((await find(slice('transferStatus', 'pinRetrieved'))).total).toBe(1);
    const bls = await api(`bills-of-lading?${slice('releaseStatus', 'blocked')}`, {
      token: forwarder.tokens[0],
    });
    expect(bls.body.data.map((row: { blNumber: string }) => row.blNumber)).toEqual([
      shanghai.blNumber,
    ]);
  });

  it('matches nothing for a value its field cannot take, and refuses an unknown field', async () => {
    const { forwarder } = await world();
    const find = (query: string) => api(`containers?${query}`, { token: forwarder.tokens[0] });
    expect((await find(slice('valid', 'showBoth'))).body.total).toBe(0);
    expect((await find(slice('releaseStatus', 'owned'))).body.total).toBe(0);
    expect((await find(slice('vessel', 'x'))).status).toBe(400);
  });
});
