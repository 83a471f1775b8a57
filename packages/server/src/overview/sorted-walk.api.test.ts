import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization } from '../test/admin-kit.ts';
import { createManyBillsOfLading } from '../test/factories-overview.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';

/*
 * Releases spec §2 (both tabs: "columns can be sorted"), README "Performance at port volume":
 * a whole history larger than the count cap, sorted on a key the party rows copy (container
 * number, BL number, vessel), is read off that key's index; its pages are exactly those of
 * ranking every match (checked here against one hand-written SQL ranking), forwards and
 * backwards, first and deep, with BLs without a vessel last.
 */

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let token: string;
let holderId: number;
let prefix: string;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  const [carrier, holder] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
  ]);
  token = holder.tokens[0]!;
  holderId = holder.id;
  // 5,100 BLs of one container each: more than both tabs' count caps (1,000 BLs, 5,000 rows).
  const { blPrefix } = await createManyBillsOfLading(server.knex, {
    carrierId: carrier.id,
    holderId: holder.id,
    count: 5100,
  });
  prefix = blPrefix;
  // Seven vessels over six BLs in seven, the seventh without one; their party rows' copies as
  // the write side keeps them (releases/party-copies.ts).
  await server.knex.raw(
    `update bills_of_lading set vessel = case when id % 7 = 0 then null
                                              else 'Vessel ' || (id % 7) end
      where bl_number like ?`,
    [`${blPrefix}%`],
  );
  await server.knex.raw(
    `update release_parties p set sort_vessel = lower(b.vessel)
       from bills_of_lading b where b.id = p.bill_of_lading_id and b.bl_number like ?`,
    [`${blPrefix}%`],
  );
}, 120_000);
afterAll(() => server?.stop());

/** Every BL (or release) the holder sees, ranked by hand: the order a sorted page must follow. */
async function rankedByHand(
  view: 'bl' | 'container',
  key: string,
  descending: boolean,
): Promise<string[]> {
  const [keyDirection, tieDirection] = descending ? ['desc', 'asc'] : ['asc', 'desc'];
  const { rows } = await server.knex.raw(
    `select r.id, r.bill_of_lading_id, r.container_number
       from release_parties p
       join releases r on r.id = p.release_id
       join bills_of_lading b on b.id = r.bill_of_lading_id
      where p.organization_id = ? and p.active
      order by ${key} ${keyDirection} nulls last, r.bill_of_lading_id ${tieDirection},
               r.id ${tieDirection}`,
    [holderId],
  );
  return view === 'bl'
    ? rows.map((row: { bill_of_lading_id: string }) => String(row.bill_of_lading_id))
    : rows.map((row: { container_number: string }) => row.container_number);
}

async function page(view: 'bl' | 'container', query: string) {
  const path = view === 'bl' ? 'bills-of-lading' : 'containers';
  const answer = await api(`${path}?$filter[valid]=showBoth&${query}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as {
    total: number;
    totalCapped: boolean;
    data: { id: number; containerNumber: string; containerCount: number }[];
  };
}

describe('releases spec §2: a whole history sorted on a copied key, page by page', () => {
  const cases = [
    ['container', 'containerNumber', 'lower(r.container_number)'],
    ['container', 'blNumber', 'lower(b.bl_number)'],
    ['container', 'vessel', 'lower(b.vessel)'],
    ['bl', 'blNumber', 'lower(b.bl_number)'],
    ['bl', 'vessel', 'lower(b.vessel)'],
  ] as const;
  for (const [view, field, key] of cases) {
    it(`${view === 'bl' ? 'BL tab' : 'container tab'}, ${field}: the first and a deep page, both directions, as a full ranking has them`, async () => {
      for (const descending of [false, true]) {
        const expected = await rankedByHand(view, key, descending);
        const sort = `$sort[${field}]=${descending ? -1 : 1}`;
        for (const skip of [0, 950]) {
          const body = await page(view, `${sort}&$limit=50&$skip=${skip}`);
          const shown =
            view === 'bl'
              ? body.data.map((row) => String(row.id))
              : body.data.map((row) => row.containerNumber);
          expect(shown, `${sort} from ${skip}`).toEqual(expected.slice(skip, skip + 50));
          // Past the cap the count stops: "of more than".
          expect(body).toMatchObject({ totalCapped: true });
          if (view === 'bl') expect(body.data.every((row) => row.containerCount === 1)).toBe(true);
        }
      }
    });
  }

  let narrowed: Set<string>;
  beforeAll(async () => {
    const { rows } = await server.knex.raw(
      `select container_number from releases where bl_number like ?`,
      [`${prefix}000%`],
    );
    narrowed = new Set(rows.map((row: { container_number: string }) => row.container_number));
  });

  it('ranks a narrowed history whole and counts it exactly, in the same order', async () => {
    // BLs …000001 to …000999 only: under the cap, so ranked, not walked.
    const search = `${prefix}000`.toLowerCase();
    const body = await page('container', `$search=${search}&$sort[vessel]=1&$limit=50`);
    expect(body).toMatchObject({ total: 999, totalCapped: false });
    const expected = (await rankedByHand('container', 'lower(b.vessel)', false)).filter(
      (container) => narrowed.has(container),
    );
    expect(body.data.map((row) => row.containerNumber)).toEqual(expected.slice(0, 50));
  });
});
