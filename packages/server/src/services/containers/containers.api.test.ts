import { addDays, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillOfLading, uniqueNumber, uniqueWord } from '../../test/factories-overview.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { apiCaller, signedInOrganization, tokenFor } from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

/** Switches a feature off for one organisation (an administrator's override). */
const withoutFeature = (organizationId: number, feature: string) =>
  server
    .knex('organization_features')
    .insert({ organization_id: organizationId, feature, enabled: false });

/** A carrier → forwarder → haulier chain of the test's own, everyone signed in. */
async function chain() {
  const [carrier, forwarder, haulier, outsider] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
    signedInOrganization(server),
  ]);
  return { carrier, forwarder, haulier, outsider };
}

const find = (token: string, query = '') => api(`containers?${query}`, { token });
const containerNumbers = (body: { data: { containerNumber: string }[] }) =>
  body.data.map((row) => row.containerNumber);

describe('containers find (releases spec §2 tab 2, §7 "containers find")', () => {
  it('answers one row per release as the viewer sees it: own transfer status, receivedFrom, transferTo (§2, §6)', async () => {
    const { carrier, forwarder, haulier } = await chain();
    const bl = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      voyageNumber: 'V42',
      releases: [{ chain: [forwarder.id, haulier.id], lastStatus: 'assigned' }],
    });
    const [release] = bl.releases;
    const seenBy = async (token: string) => (await find(token)).body.data[0];
    expect(await seenBy(forwarder.tokens[1]!)).toMatchObject({
      address: release!.address,
      billOfLadingId: bl.id,
      blNumber: bl.blNumber,
      containerNumber: release!.containerNumber,
      vessel: 'MSC Factory',
      voyageNumber: 'V42',
      transferStatus: 'transferred',
      receivedFrom: carrier.name,
      transferTo: haulier.name,
    });
    expect(await seenBy(haulier.tokens[1]!)).toMatchObject({
      transferStatus: 'assigned',
      receivedFrom: forwarder.name,
      transferTo: null,
    });
    // Carriers have no receivedFrom (§6); they see to whom they released.
    expect(await seenBy(carrier.tokens[1]!)).toMatchObject({
      transferStatus: 'transferred',
      receivedFrom: null,
      transferTo: forwarder.name,
    });
  });

  it('answers transferTo null without canSeeTransferInfo (§2 "Go Premium" chip)', async () => {
    const { carrier, forwarder, haulier } = await chain();
    await withoutFeature(forwarder.id, 'canSeeTransferInfo');
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id, haulier.id] }],
    });
    const [row] = (await find(forwarder.tokens[0]!)).body.data;
    expect(row).toMatchObject({ receivedFrom: carrier.name, transferTo: null });
  });

  it('refuses the flat view without canContainerView, but lists an expanded BL’s containers (§2)', async () => {
    const { carrier, forwarder } = await chain();
    await withoutFeature(forwarder.id, 'canContainerView');
    const bl = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }, { chain: [forwarder.id] }],
    });
    const flat = await find(forwarder.tokens[0]!);
    expect(flat.status).toBe(403);
    expect(flat.body.data.code).toBe('subscription_required');
    const expanded = await find(forwarder.tokens[0]!, `blNumber=${bl.blNumber}`);
    expect(expanded.status).toBe(200);
    expect(expanded.body.total).toBe(2);
    const byId = await find(forwarder.tokens[0]!, `billOfLadingId=${bl.id}`);
    expect(byId.body.total).toBe(2);
  });

  it('lists the containers of the BLs named, by number in any case or by id (§7 "blNumber list")', async () => {
    const { carrier, forwarder } = await chain();
    const one = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }, { chain: [forwarder.id] }, {}],
    });
    const two = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }],
    });
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }],
    });
    const expanded = await find(forwarder.tokens[0]!, `blNumber=${one.blNumber.toLowerCase()}`);
    expect(containerNumbers(expanded.body)).toEqual(
      one.releases
        .slice(0, 2)
        .map((r) => r.containerNumber)
        .reverse(),
    );
    const both = await find(forwarder.tokens[0]!, `blNumber=${one.blNumber},${two.blNumber}`);
    expect(both.body.total).toBe(3);
    const listed = await find(
      forwarder.tokens[0]!,
      `blNumber[]=${one.blNumber}&blNumber[]=${two.blNumber}`,
    );
    expect(listed.body.total).toBe(3);
    const ids = await find(forwarder.tokens[0]!, `billOfLadingId[]=${two.id}`);
    expect(containerNumbers(ids.body)).toEqual([two.releases[0]!.containerNumber]);
  });

  it('finds the container numbers and release addresses named (§7 "containerNumber list, addresses")', async () => {
    const { carrier, forwarder } = await chain();
    const bl = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }, { chain: [forwarder.id] }, { chain: [forwarder.id] }],
    });
    const [a, b, c] = bl.releases;
    const byNumber = await find(
      forwarder.tokens[0]!,
      `containerNumber=${a!.containerNumber.toLowerCase()}&containerNumber=${c!.containerNumber}`,
    );
    expect(containerNumbers(byNumber.body).sort()).toEqual(
      [a!.containerNumber, c!.containerNumber].sort(),
    );
    const byAddress = await find(forwarder.tokens[0]!, `addresses[]=${b!.address}`);
    expect(containerNumbers(byAddress.body)).toEqual([b!.containerNumber]);
  });

  it('never shows a release outside the caller’s chain, nor one it was revoked out of (DESIGN §3)', async () => {
    const { carrier, forwarder, haulier, outsider } = await chain();
    const bl = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id, haulier.id], revokedFrom: 2 }],
    });
    const named = `blNumber=${bl.blNumber}&addresses=${bl.releases[0]!.address}`;
    for (const org of [haulier, outsider]) {
      const answer = await find(org.tokens[0]!, `${named}&$filter[valid]=showBoth`);
      expect(answer.body).toMatchObject({ total: 0, data: [] });
    }
    expect((await find(forwarder.tokens[0]!, named)).body.total).toBe(1);
  });

  it('pages (50 by default, 50 at most), searches, filters and checks validity like the BL view (§2, §4, §9)', async () => {
    const { carrier, forwarder } = await chain();
    const word = uniqueWord();
    const today = todayInBrussels();
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      vessel: `Vessel ${word}`,
      releases: [
        { chain: [forwarder.id], validUntil: addDays(today, 1), pickupLocation: 'K913' },
        { chain: [forwarder.id], validUntil: addDays(today, -1) },
        { chain: [forwarder.id], validUntil: addDays(today, 20) },
      ],
    });
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }],
    });
    const all = await find(forwarder.tokens[0]!);
    expect(all.body).toMatchObject({ total: 3, limit: 50, totalCapped: false });
    expect((await find(forwarder.tokens[0]!, '$limit=80')).body.limit).toBe(50);
    const searched = await find(forwarder.tokens[0]!, `$search=${word.toUpperCase()}`);
    expect(searched.body.total).toBe(2);
    const soon = await find(forwarder.tokens[0]!, `$search=${word}&$filter[valid]=expiresIn1`);
    expect(soon.body.total).toBe(1);
    const both = await find(forwarder.tokens[0]!, `$search=${word}&$filter[valid]=showBoth`);
    expect(both.body.total).toBe(3);
    const filtered = await find(forwarder.tokens[0]!, '$filter[pickupLocation]=k913');
    expect(filtered.body.data).toEqual([expect.objectContaining({ pickupLocation: 'K913' })]);
    const paged = await find(forwarder.tokens[0]!, '$limit=2&$skip=2');
    expect(paged.body).toMatchObject({ total: 3, skip: 2 });
    expect(paged.body.data).toHaveLength(1);
  });

  it('sorts on each sortable column (§2 columns)', async () => {
    const { carrier, forwarder } = await chain();
    const today = todayInBrussels();
    const blA = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      blNumber: uniqueNumber('AAAU'),
      vessel: 'Zulu',
      releases: [
        {
          chain: [forwarder.id],
          containerNumber: uniqueNumber('BBBU', 7),
          validUntil: addDays(today, 3),
          validFrom: addDays(today, -3),
          pickupLocation: 'K913',
          releaseStatus: 'blocked',
        },
      ],
    });
    const blB = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      blNumber: uniqueNumber('BBBU'),
      vessel: 'alpha',
      releases: [
        {
          chain: [forwarder.id],
          containerNumber: uniqueNumber('AAAU', 7),
          validUntil: addDays(today, 9),
          validFrom: addDays(today, -1),
          pickupLocation: '1742',
          lastStatus: 'assigned',
        },
      ],
    });
    const first = blA.releases[0]!.containerNumber;
    const second = blB.releases[0]!.containerNumber;
    const cases: [string, string[]][] = [
      ['containerNumber', [second, first]],
      ['blNumber', [first, second]],
      ['vessel', [second, first]],
      ['validFrom', [first, second]],
      ['validUntil', [first, second]],
      ['pickupLocation', [second, first]],
      ['releaseStatus', [first, second]],
      ['transferStatus', [second, first]],
      ['createdAt', [first, second]],
    ];
    for (const [field, ascending] of cases) {
      const up = await find(forwarder.tokens[0]!, `$sort[${field}]=1`);
      expect(containerNumbers(up.body), field).toEqual(ascending);
      const down = await find(forwarder.tokens[0]!, `$sort[${field}]=-1`);
      expect(containerNumbers(down.body), `${field} desc`).toEqual([...ascending].reverse());
      expect(up.body).toMatchObject({ total: 2, totalCapped: false });
    }
    expect((await find(forwarder.tokens[0]!, '$sort[agent]=1')).status).toBe(400);
  });

  it('lets an API key with releases:read read its organisation’s containers (DESIGN §3 machines)', async () => {
    const { carrier, forwarder } = await chain();
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }],
    });
    const created = await api('api-keys', {
      method: 'POST',
      token: carrier.tokens[0],
      body: { name: 'TOS', scopes: ['releases:read'] },
    });
    const answer = await api('containers', { apiKey: created.body.key });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      expect.objectContaining({ receivedFrom: null, transferTo: forwarder.name }),
    ]);
    expect((await api('containers')).status).toBe(401);
  });
});

describe('issue 10 item 1: transferTo follows domain seesTransferInfo (releases spec §2, §6)', () => {
  it('hides transferTo from a carrier without canSeeTransferInfo, as from anyone', async () => {
    const { carrier, forwarder } = await chain();
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }],
    });
    const before = (await find(carrier.tokens[0]!)).body.data[0];
    expect(before).toMatchObject({ transferTo: forwarder.name });
    await withoutFeature(carrier.id, 'canSeeTransferInfo');
    // A fresh session: the user's features are read when the session answers.
    const token = await tokenFor(server, carrier.users[1]!.id);
    const after = (await find(token)).body.data[0];
    expect(after).toMatchObject({ transferStatus: 'transferred', transferTo: null });
  });

  it('gives an API key its organisation’s answer: transferTo only with canSeeTransferInfo', async () => {
    const { carrier, forwarder } = await chain();
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }],
    });
    const created = await api('api-keys', {
      method: 'POST',
      token: carrier.tokens[0],
      body: { name: 'TOS', scopes: ['releases:read'] },
    });
    const seen = async () => (await api('containers', { apiKey: created.body.key })).body.data[0];
    expect(await seen()).toMatchObject({ transferTo: forwarder.name });
    await withoutFeature(carrier.id, 'canSeeTransferInfo');
    expect(await seen()).toMatchObject({ transferStatus: 'transferred', transferTo: null });
  });
});
