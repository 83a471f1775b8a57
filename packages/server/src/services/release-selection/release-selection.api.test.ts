import { addDays, maxSelectedReleases, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';
import {
  createBillOfLading,
  createManyBillsOfLading,
  uniqueWord,
} from '../../test/factories-overview.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

const today = todayInBrussels();
const select = (token: string, body: unknown) =>
  api('release-selection', { method: 'POST', token, body });
const numbersOf = (body: { data: { containerNumber: string }[] }) =>
  body.data.map((row) => row.containerNumber).sort();

async function world() {
  const [carrier, forwarder, haulier] = await Promise.all([
    signedInOrganization(server, { role: 'carrier' }),
    signedInOrganization(server),
    signedInOrganization(server),
  ]);
  const word = uniqueWord();
  const bl = await createBillOfLading(server.knex, {
    carrierId: carrier.id,
    vessel: `Vessel ${word}`,
    releases: [
      { chain: [forwarder.id], pickupLocation: 'K913' },
      { chain: [forwarder.id], releaseStatus: 'blocked' },
      { chain: [forwarder.id, haulier.id] },
      { chain: [forwarder.id], validUntil: addDays(today, -3), releaseStatus: 'expired' },
      { chain: [forwarder.id], releaseStatus: 'deleted' },
    ],
  });
  const other = await createBillOfLading(server.knex, {
    carrierId: carrier.id,
    releases: [{ chain: [haulier.id] }],
  });
  return { carrier, forwarder, haulier, word, bl, other };
}

describe('release-selection: "select all that match" across pages (issue 13 item 4)', () => {
  it('answers every release the overview’s search, filter or slice matches, as the caller sees it', async () => {
    const { forwarder, word, bl } = await world();
    const token = forwarder.tokens[0]!;
    const [k913, blocked, passedOn, expired] = bl.releases;
    const searched = await select(token, { search: word.toUpperCase() });
    expect(searched.status).toBe(201);
    expect(searched.body).toMatchObject({ total: 3, limit: maxSelectedReleases });
    expect(numbersOf(searched.body)).toEqual(
      [k913, blocked, passedOn].map((r) => r!.containerNumber).sort(),
    );
    expect(
      searched.body.data.find((r: { address: string }) => r.address === passedOn!.address),
    ).toMatchObject({ transferStatus: 'transferred', blNumber: bl.blNumber, version: 1 });
    const all = await select(token, { search: word, filter: { valid: 'showBoth' } });
    expect(all.body.total).toBe(4);
    const filtered = await select(token, { filter: { releaseStatus: 'blocked' } });
    expect(numbersOf(filtered.body)).toEqual([blocked!.containerNumber]);
    const sliced = await select(token, { slice: { field: 'releaseStatus', value: 'expired' } });
    expect(numbersOf(sliced.body)).toEqual([expired!.containerNumber]);
    const exact = await select(token, { slice: { field: 'pickupLocation', value: 'K913' } });
    expect(numbersOf(exact.body)).toEqual([k913!.containerNumber]);
  });

  it('refreshes a selection by its addresses at any validity, leaving out what the caller no longer holds', async () => {
    const { forwarder, haulier, bl, other } = await world();
    const addresses = [...bl.releases, ...other.releases].map((r) => r.address);
    const fresh = await select(forwarder.tokens[0]!, { addresses });
    // Not the deleted one, nor the haulier's own release of another chain.
    expect(fresh.body.total).toBe(4);
    const [, , passedOn] = bl.releases;
    const theirs = await select(haulier.tokens[0]!, { addresses });
    expect(numbersOf(theirs.body)).toEqual(
      [passedOn!.containerNumber, other.releases[0]!.containerNumber].sort(),
    );
  });

  it('answers 400 selection_too_large past 5,000 matches, and selects nothing', async () => {
    const { carrier, forwarder } = await world();
    await createManyBillsOfLading(server.knex, {
      carrierId: carrier.id,
      holderId: forwarder.id,
      count: maxSelectedReleases,
    });
    const token = forwarder.tokens[0]!;
    const refused = await select(token, {});
    expect(refused.status).toBe(400);
    expect(refused.body.data).toMatchObject({
      code: 'selection_too_large',
      key: 'backend.error.selection_too_large',
    });
    expect(refused.body.message).toMatch(/5,000/);
    const narrowed = await select(token, { filter: { releaseStatus: 'blocked' } });
    expect(narrowed.body.total).toBe(1);
  });

  it('refuses bad bodies with 400 and strangers with 401', async () => {
    const { forwarder } = await world();
    const token = forwarder.tokens[0]!;
    expect((await select(token, { filter: { valid: 'always' } })).status).toBe(400);
    expect((await select(token, { filter: { colour: 'red' } })).status).toBe(400);
    expect((await select(token, { slice: { field: 'vessel', value: 'x' } })).status).toBe(400);
    const tooMany = Array.from({ length: maxSelectedReleases + 1 }, () => '0x00');
    expect((await select(token, { addresses: tooMany })).status).toBe(400);
    expect((await select(token, { addresses: ['not an address'] })).body.total).toBe(0);
    expect((await api('release-selection', { method: 'POST', body: {} })).status).toBe(401);
  });
});
