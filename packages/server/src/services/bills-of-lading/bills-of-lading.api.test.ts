import { addDays, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createBillOfLading,
  createManyBillsOfLading,
  uniqueNumber,
  uniqueWord,
} from '../../test/factories-overview.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

/** A carrier and two forwarders of the test's own, all signed in. */
async function cast() {
  const [carrier, forwarder, other] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
  ]);
  return { carrier, forwarder, other };
}

const find = (token: string, query = '') => api(`bills-of-lading?${query}`, { token });
const numbers = (body: { data: { blNumber: string }[] }) => body.data.map((bl) => bl.blNumber);

describe('bills-of-lading find (releases spec §2 tab 1, §7)', () => {
  it('answers the BLs with a release in the caller’s chain, newest first, with the matching container count', async () => {
    const { carrier, forwarder, other } = await cast();
    const older = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }, { chain: [forwarder.id] }, { chain: [other.id] }],
    });
    const newer = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      vessel: 'MSC Anna',
      releases: [{ chain: [forwarder.id], isSecurePickup: true }],
    });
    const answer = await find(forwarder.tokens[1]!);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ total: 2, limit: 10, skip: 0, totalCapped: false });
    expect(answer.body.data).toEqual([
      {
        id: newer.id,
        // Releases spec §3: its address and its containers (row-fields.api.test.ts checks them).
        address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
        blNumber: newer.blNumber,
        portOfLoading: null,
        portOfDestination: null,
        vessel: 'MSC Anna',
        agent: null,
        stayNumber: null,
        lloydsNumber: null,
        voyageNumber: null,
        isSecurePickup: true,
        creator: carrier.name,
        containerCount: 1,
        containers: [expect.objectContaining({ address: newer.releases[0]!.address })],
        assignLocationLabel: null,
      },
      expect.objectContaining({ id: older.id, containerCount: 2, isSecurePickup: false }),
    ]);
    // The carrier holds all three containers of the older BL (position 0 of every chain).
    const byCarrier = await find(carrier.tokens[0]!);
    expect(byCarrier.body.data.map((bl: { containerCount: number }) => bl.containerCount)).toEqual([
      1, 3,
    ]);
  });

  it('never shows a release outside the caller’s chain, nor one it was revoked out of (DESIGN §3 tenancy)', async () => {
    const { carrier, forwarder, other } = await cast();
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [other.id] }, { chain: [other.id, forwarder.id], revokedFrom: 2 }],
    });
    const answer = await find(forwarder.tokens[0]!, '$filter[valid]=showBoth');
    expect(answer.body).toMatchObject({ total: 0, data: [] });
    const byOther = await find(other.tokens[0]!);
    expect(byOther.body.data[0].containerCount).toBe(2);
  });

  it('pages with $limit and $skip: 10 by default, 50 at most (spec §9)', async () => {
    const { carrier, forwarder } = await cast();
    const bls = [];
    for (let i = 0; i < 12; i += 1) {
      bls.push(
        await createBillOfLading(server.knex, {
          carrierId: carrier.id,
          releases: [{ chain: [forwarder.id] }],
        }),
      );
    }
    const newestFirst = bls.map((bl) => bl.blNumber).reverse();
    const first = await find(forwarder.tokens[0]!);
    expect(first.body).toMatchObject({ total: 12, limit: 10, skip: 0 });
    expect(numbers(first.body)).toEqual(newestFirst.slice(0, 10));
    const second = await find(forwarder.tokens[0]!, '$limit=10&$skip=10');
    expect(numbers(second.body)).toEqual(newestFirst.slice(10));
    expect(second.body.total).toBe(12);
    const past = await find(forwarder.tokens[0]!, '$limit=10&$skip=20');
    expect(past.body).toMatchObject({ total: 12, data: [] });
    const large = await find(forwarder.tokens[0]!, '$limit=500');
    expect(large.body).toMatchObject({ limit: 50, total: 12 });
    expect((await find(forwarder.tokens[0]!, '$limit=0')).status).toBe(400);
  });

  it('counts up to 1,000 BLs in the default order, then says there are more (totalCapped)', async () => {
    const { carrier, forwarder } = await cast();
    const { blPrefix } = await createManyBillsOfLading(server.knex, {
      carrierId: carrier.id,
      holderId: forwarder.id,
      count: 1003,
    });
    const first = await find(forwarder.tokens[0]!);
    expect(first.body).toMatchObject({ total: 1000, totalCapped: true, limit: 10 });
    // Paging past the cap counts just past the page asked for.
    const deep = await find(forwarder.tokens[0]!, '$limit=50&$skip=990');
    expect(deep.body).toMatchObject({ total: 1003, totalCapped: false });
    expect(deep.body.data).toHaveLength(13);
    // A sort on a column the party rows do not copy ranks every match, so it counts exactly;
    // one on a copied key reads the page off its index and stops counting at the cap.
    const ranked = await find(forwarder.tokens[0]!, '$sort[agent]=1');
    expect(ranked.body).toMatchObject({ total: 1003, totalCapped: false });
    const walked = await find(forwarder.tokens[0]!, '$sort[blNumber]=1');
    expect(walked.body).toMatchObject({ total: 1000, totalCapped: true });
    const narrowed = await find(forwarder.tokens[0]!, `$search=${blPrefix}00100`);
    expect(narrowed.body).toMatchObject({ total: 4, totalCapped: false });
  });

  it('searches case-insensitively for a substring of BL, container, vessel, voyage and more (spec §2 "search box")', async () => {
    const { carrier, forwarder } = await cast();
    const word = uniqueWord();
    const byVessel = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      vessel: `Star ${word.toUpperCase()} Express`,
      releases: [{ chain: [forwarder.id] }],
    });
    const byContainer = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id], containerNumber: `MSCU${word.slice(2, 9)}` }, {}],
    });
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }],
    });
    const answer = await find(forwarder.tokens[0]!, `$search=${word.slice(1, 8).toUpperCase()}`);
    expect(numbers(answer.body)).toEqual([byVessel.blNumber]);
    const container = await find(forwarder.tokens[0]!, `$search=mscu${word.slice(2, 9)}`);
    expect(container.body.data).toEqual([
      expect.objectContaining({ blNumber: byContainer.blNumber, containerCount: 1 }),
    ]);
    const partOfBl = await find(forwarder.tokens[0]!, `$search=${byVessel.blNumber.slice(3, 10)}`);
    expect(numbers(partOfBl.body)).toEqual([byVessel.blNumber]);
    // LIKE's own wildcards are searched for as typed.
    expect((await find(forwarder.tokens[0]!, '$search=%25')).body.total).toBe(0);
  });

  it('restricts to the release addresses given (spec §7 "addresses")', async () => {
    const { carrier, forwarder } = await cast();
    const one = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }, { chain: [forwarder.id] }],
    });
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id] }],
    });
    const address = one.releases[0]!.address.toLowerCase();
    const answer = await find(forwarder.tokens[0]!, `addresses[]=${address}&doGrouping=true`);
    expect(answer.body.data).toEqual([expect.objectContaining({ id: one.id, containerCount: 1 })]);
    expect((await find(forwarder.tokens[0]!, 'addresses=not-an-address')).body.total).toBe(0);
  });

  it('refuses an unknown filter field, sort field or query parameter (400 validation_failed)', async () => {
    const { forwarder } = await cast();
    for (const query of [
      '$filter[colour]=red',
      '$sort[pickupLocation]=1',
      '$filter[valid]=always',
      'owner=1',
    ]) {
      const answer = await find(forwarder.tokens[0]!, query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.data.code).toBe('validation_failed');
    }
  });

  it('asks for a session or an API key with releases:read (DESIGN §3 machines)', async () => {
    const { carrier } = await cast();
    await createBillOfLading(server.knex, { carrierId: carrier.id, releases: [{}] });
    expect((await api('bills-of-lading')).status).toBe(401);
    const key = async (scopes: string[]) =>
      (
        await api('api-keys', {
          method: 'POST',
          token: carrier.tokens[0],
          body: { name: 'ERP', scopes },
        })
      ).body.key as string;
    const reader = await api('bills-of-lading', { apiKey: await key(['releases:read']) });
    expect(reader.status).toBe(200);
    expect(reader.body.total).toBe(1);
    const writer = await api('bills-of-lading', { apiKey: await key(['releases:write']) });
    expect(writer.status).toBe(403);
  });
});

describe('bills-of-lading find: the filter (releases spec §2 "filter dialog", §4 states)', () => {
  it.each([
    ['blNumber', (bl: string) => bl.slice(4).toLowerCase()],
    ['containerNumber', () => 'fltu12'],
    ['vessel', () => 'EVER given'],
    ['voyageNumber', () => 'vy7'],
    ['turnInLocation', () => 'depot-rail'],
    ['releaseStatus', () => 'blocked'],
    ['pickupLocation', () => 'k91'],
    ['pickupPort', () => 'nlrt'],
    ['transferStatus', () => 'assigned'],
  ] as const)('filters on %s', async (field, value) => {
    const { carrier, forwarder } = await cast();
    const target = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      vessel: 'Ever Given',
      voyageNumber: 'VY789',
      releases: [
        {
          chain: [forwarder.id],
          containerNumber: uniqueNumber('FLTU12', 5),
          releaseStatus: 'blocked',
          pickupLocation: 'K913',
          pickupPort: 'NLRTM',
          turnInLocationRail: 'Depot-Rail Kallo',
          lastStatus: 'assigned',
        },
        { chain: [forwarder.id] },
      ],
    });
    await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      vessel: 'Maersk Anna',
      releases: [{ chain: [forwarder.id], pickupLocation: '1742', pickupPort: 'BEANR' }],
    });
    const answer = await find(
      forwarder.tokens[0]!,
      `$filter[${field}]=${encodeURIComponent(value(target.blNumber))}`,
    );
    expect(answer.status).toBe(200);
    const expectedCount = ['blNumber', 'vessel', 'voyageNumber'].includes(field) ? 2 : 1;
    expect(answer.body.data).toEqual([
      expect.objectContaining({ id: target.id, containerCount: expectedCount }),
    ]);
  });

  it('leaves deleted releases out unless the filter asks for them (§4 "deleted")', async () => {
    const { carrier, forwarder } = await cast();
    const bl = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [{ chain: [forwarder.id], releaseStatus: 'deleted' }],
    });
    expect((await find(forwarder.tokens[0]!)).body.total).toBe(0);
    const deleted = await find(forwarder.tokens[0]!, '$filter[releaseStatus]=deleted');
    expect(numbers(deleted.body)).toEqual([bl.blNumber]);
  });

  it('combines the search and several fields; empty fields do not narrow', async () => {
    const { carrier, forwarder } = await cast();
    const word = uniqueWord();
    const bl = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      agent: word,
      releases: [
        { chain: [forwarder.id], pickupLocation: 'K913' },
        { chain: [forwarder.id], pickupLocation: '1742' },
      ],
    });
    const answer = await find(
      forwarder.tokens[0]!,
      `$search=${word}&$filter[pickupLocation]=k913&$filter[vessel]=&$filter[releaseStatus]=`,
    );
    expect(answer.body.data).toEqual([expect.objectContaining({ id: bl.id, containerCount: 1 })]);
  });

  it('applies each validity filter to today in Brussels (§4 "Release status", domain validityRange)', async () => {
    const { carrier, forwarder } = await cast();
    const today = todayInBrussels();
    const blOf = async (days: number) =>
      (
        await createBillOfLading(server.knex, {
          carrierId: carrier.id,
          releases: [{ chain: [forwarder.id], validUntil: addDays(today, days) }],
        })
      ).blNumber;
    const [yesterday, lastDay, tomorrow, inFive, inSix] = [
      await blOf(-1),
      await blOf(0),
      await blOf(1),
      await blOf(5),
      await blOf(6),
    ];
    const expected = {
      '': [inSix, inFive, tomorrow, lastDay],
      showOnlyValid: [inSix, inFive, tomorrow, lastDay],
      showOnlyInvalid: [yesterday],
      expiresIn1: [tomorrow, lastDay],
      expiresIn5: [inFive, tomorrow, lastDay],
      showBoth: [inSix, inFive, tomorrow, lastDay, yesterday],
    };
    for (const [valid, blNumbers] of Object.entries(expected)) {
      const answer = await find(forwarder.tokens[0]!, valid ? `$filter[valid]=${valid}` : '');
      expect(numbers(answer.body), valid || 'default').toEqual(blNumbers);
    }
  });
});

describe('bills-of-lading find: sorting (releases spec §2 columns)', () => {
  it('sorts on each sortable column both ways, text case-insensitively, empty values last', async () => {
    const { carrier, forwarder } = await cast();
    const prefix = uniqueNumber('S', 6);
    const make = (suffix: string, fields: Record<string, string | null>) =>
      createBillOfLading(server.knex, {
        carrierId: carrier.id,
        blNumber: `${prefix}${suffix}`,
        ...fields,
        releases: [{ chain: [forwarder.id] }],
      });
    const a = await make('A', { vessel: 'b vessel', agent: 'Zeta', voyageNumber: '002' });
    const b = await make('b', { vessel: 'A vessel', agent: null, voyageNumber: '001' });
    const c = await make('C', { vessel: null, agent: 'alpha', voyageNumber: '003' });
    const order = async (sort: string) => {
      const answer = await find(forwarder.tokens[0]!, `$sort[${sort.replace('=', ']=')}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return numbers(answer.body);
    };
    expect(await order('blNumber=1')).toEqual([a, b, c].map((bl) => bl.blNumber));
    expect(await order('blNumber=-1')).toEqual([c, b, a].map((bl) => bl.blNumber));
    expect(await order('vessel=1')).toEqual([b, a, c].map((bl) => bl.blNumber));
    expect(await order('agent=1')).toEqual([c, a, b].map((bl) => bl.blNumber));
    expect(await order('agent=-1')).toEqual([a, c, b].map((bl) => bl.blNumber));
    expect(await order('voyageNumber=-1')).toEqual([c, a, b].map((bl) => bl.blNumber));
    expect(await order('createdAt=1')).toEqual([a, b, c].map((bl) => bl.blNumber));
    const page = await find(forwarder.tokens[0]!, '$sort[vessel]=1&$limit=1&$skip=1');
    expect(page.body).toMatchObject({ total: 3, skip: 1, data: [{ blNumber: a.blNumber }] });
  });
});
