import { randomBytes } from 'node:crypto';
import { showsPickupMethodColumn, type AssignLocation } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAssignLocations, loadDemoAssignLocations } from '../../demo/demo-assign-locations.ts';
import { demoPorts, demoTerminals } from '../../demo/demo-ports.ts';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';
import { createBillOfLading } from '../../test/factories-overview.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  await server
    .knex('ports')
    .insert({ locode: 'BEANR', name: 'Antwerp', country: 'BE' })
    .onConflict('locode')
    .ignore();
});
afterAll(() => server?.stop());

const suffix = () => randomBytes(3).toString('hex').toUpperCase();
const labelsOf = (en: string) => ({
  en,
  fr: `${en} FR`,
  nl: `${en} NL`,
  de: `${en} DE`,
  it: `${en} IT`,
});

/** An assign location of the test's own, with `terminals` terminals of its own in it. */
async function locationWith(order: number, terminals: number, en = `Way ${suffix()}`) {
  const code = `T-${suffix()}`;
  await server
    .knex('assign_locations')
    .insert({ code, labels: JSON.stringify(labelsOf(en)), sort_order: order });
  const codes: string[] = [];
  for (let i = 0; i < terminals; i += 1) codes.push(await terminalIn(code));
  return { code, terminals: codes.sort(), en };
}

/** A terminal of the test's own, in the assign location `location` (or in none). */
async function terminalIn(location: string | null) {
  const code = `Q${suffix()}`;
  await server.knex('terminals').insert({
    code,
    name: `Quay ${code}`,
    port_locode: 'BEANR',
    assign_location_code: location,
  });
  return code;
}

const failureCode = (promise: Promise<unknown>) =>
  promise.then(
    () => 'no error',
    (error: { code?: string }) => error.code,
  );

describe('assign-locations find (releases spec §2 "pickupMethod", §3 "assignLocationLabel")', () => {
  it('answers every signed-in user the locations in order, with their labels and terminals; 401 without a session', async () => {
    const org = await signedInOrganization(server);
    const late = await locationWith(999, 1);
    const first = await locationWith(0, 2);
    const second = await locationWith(5, 0);
    const answer = await api('assign-locations', { token: org.tokens[1] });
    expect(answer.status).toBe(200);
    const mine = (answer.body as AssignLocation[]).filter((location) =>
      [late.code, first.code, second.code].includes(location.code),
    );
    expect(mine).toEqual([
      { code: first.code, labels: labelsOf(first.en), order: 0, terminalCodes: first.terminals },
      { code: second.code, labels: labelsOf(second.en), order: 5, terminalCodes: [] },
      { code: late.code, labels: labelsOf(late.en), order: 999, terminalCodes: late.terminals },
    ]);
    // The whole answer is in display order: by order, then by code.
    const orders = (answer.body as AssignLocation[]).map((location) => location.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect((await api('assign-locations')).status).toBe(401);
  });

  it('keeps every label in the five languages and the order between 0 and 999', async () => {
    const { en: _en, ...withoutEnglish } = labelsOf('No English');
    const insert = (labels: object, order = 1) =>
      server.knex('assign_locations').insert({
        code: `T-${suffix()}`,
        labels: JSON.stringify(labels),
        sort_order: order,
      });
    expect(await failureCode(insert(withoutEnglish))).toBe('23514');
    expect(await failureCode(insert({ ...labelsOf('Dutchless'), nl: undefined }))).toBe('23514');
    expect(await failureCode(insert(labelsOf('Too far'), 1000))).toBe('23514');
    expect(await failureCode(insert(labelsOf('Below'), -1))).toBe('23514');
    expect(await failureCode(insert(labelsOf('Fine'), 999))).toBe('no error');
  });
});

describe('releases spec §3 "Bill of lading: assignLocationLabel" in bills-of-lading find', () => {
  it("labels a BL by its containers' assign location, the first in order, in the reader's language; null outside every location", async () => {
    const [carrier, forwarder] = await Promise.all([
      signedInOrganization(server, { role: 'carrier' }),
      signedInOrganization(server),
    ]);
    const early = await locationWith(1, 1, `Early ${suffix()}`);
    const late = await locationWith(7, 1, `Late ${suffix()}`);
    const outside = await terminalIn(null);
    const at = (pickupLocation: string) => ({ chain: [forwarder.id], pickupLocation });
    const mixed = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [at(late.terminals[0]!), at(outside), at(early.terminals[0]!)],
    });
    const single = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [at(late.terminals[0]!)],
    });
    const none = await createBillOfLading(server.knex, {
      carrierId: carrier.id,
      releases: [at(outside)],
    });
    const labelOf = async (token: string) => {
      const answer = await api('bills-of-lading?$limit=50', { token });
      expect(answer.status).toBe(200);
      const rows = answer.body.data as { blNumber: string; assignLocationLabel: string | null }[];
      return Object.fromEntries(rows.map((row) => [row.blNumber, row.assignLocationLabel]));
    };
    expect(await labelOf(forwarder.tokens[1]!)).toEqual({
      [mixed.blNumber]: early.en,
      [single.blNumber]: late.en,
      [none.blNumber]: null,
    });
    // The label follows the person's preferred language.
    await server
      .knex('users')
      .where({ id: forwarder.users[1]!.id })
      .update({ preferred_language: 'nl' });
    expect((await labelOf(forwarder.tokens[1]!))[mixed.blNumber]).toBe(`${early.en} NL`);
  });
});

describe("the demo world's assign locations (releases spec §2: the pickupMethod column shows)", () => {
  it('puts the Secure Pick-up terminals of Antwerp and Genk in ordered locations, the pincode ones unordered', async () => {
    const demoCodes = demoTerminals.map((terminal) => terminal.code);
    await server.knex('terminals').whereIn('code', demoCodes).del();
    await server.knex('ports').insert(demoPorts).onConflict('locode').ignore();
    await server.knex('terminals').insert(
      demoTerminals.map((terminal) => ({
        code: terminal.code,
        name: terminal.name,
        port_locode: terminal.port,
        secure_pickup_enabled: terminal.securePickup,
        pins_allowed: terminal.pinsAllowed,
      })),
    );
    await server.knex.transaction((trx) => loadDemoAssignLocations(trx));
    const org = await signedInOrganization(server);
    const answer = await api('assign-locations', { token: org.tokens[0] });
    const demo = (answer.body as AssignLocation[]).filter((location) =>
      demoAssignLocations.some((candidate) => candidate.code === location.code),
    );
    expect(showsPickupMethodColumn(demo)).toBe(true);
    expect(demo.map((location) => [location.code, location.order])).toEqual([
      ['BEANR-ALFAPASS', 1],
      ['BEGNK-ITSME', 2],
      ['PINCODE', 999],
    ]);
    const terminalsOf = (code: string) => demo.find((location) => location.code === code)!;
    expect(terminalsOf('BEANR-ALFAPASS').terminalCodes).toEqual(['1742', '869', '913']);
    expect(terminalsOf('BEGNK-ITSME').terminalCodes).toEqual(['1700']);
    // Every Secure Pick-up terminal is in an ordered location; a pincode one is not.
    for (const terminal of demoTerminals) {
      const location = demo.find((candidate) => candidate.terminalCodes.includes(terminal.code));
      if (terminal.securePickup) expect(location?.order).toBeLessThan(999);
      else if (location) expect(location.order).toBe(999);
    }
    expect(terminalsOf('BEANR-ALFAPASS').labels.fr).toBe('Enlèvement sécurisé (alfaPass)');
  });
});
