import { addDays, releaseMessages, todayInBrussels } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRelease,
  releaseTerminal,
  uniqueBl,
  type ReleaseFields,
} from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import {
  apiCaller,
  signedInOrganization,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';
import { ledgerEvents } from '../../ledger/ledger.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let terminal: string;
const today = todayInBrussels();

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  // Releases spec §6: a Secure Pick-up carrier, so a move to a Secure Pick-up terminal shows.
  carrier = await signedInOrganization(server, {
    role: 'carrier',
    fields: { secure_pickup_enabled: true },
  });
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

const release = (fields: ReleaseFields = {}) =>
  createRelease(server, carrier, { pickupLocation: terminal, ...fields });
const patch = (path: string, body: unknown, token = carrier.tokens[1]) =>
  api(path, { method: 'PATCH', token, body });
const manyPath = (addresses: string[]) =>
  `releases?${addresses.map((a) => `address[$in]=${a}`).join('&')}`;
const partyRow = async (address: string) =>
  server
    .knex('release_parties as p')
    .join('releases as r', 'r.id', 'p.release_id')
    .where('r.address', address)
    .first('p.*');

describe('releases patch by address (releases spec §3 "Edit form fields", §7 "releases patch")', () => {
  it('changes the fields sent, adds one to the version and answers a per-release list', async () => {
    const made = await release({ turnInReference: 'OLD' });
    const answer = await patch(`releases/${made.address}`, {
      turnInLocation: 'Depot Noord',
      validUntil: addDays(today, 30),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        address: made.address,
        release: expect.objectContaining({
          version: 2,
          turnInLocation: 'Depot Noord',
          turnInReference: 'OLD',
          validUntil: addDays(today, 30),
        }),
      },
    ]);
    expect(await partyRow(made.address)).toMatchObject({ valid_until: addDays(today, 30) });
  });

  it('accepts an address in any letter case', async () => {
    const made = await release();
    const answer = await patch(`releases/${made.address.toLowerCase()}`, { vessel: 'Lower' });
    expect(answer.status).toBe(200);
    expect(answer.body[0].address).toBe(made.address);
  });

  it.each(['blNumber', 'containerNumber', 'releaseStatus', 'isoTypeCode', 'validFrom'])(
    'releases spec §3 "In single edit, blNumber and containerNumber are locked": refuses %s with 400',
    async (field) => {
      const made = await release();
      const answer = await patch(`releases/${made.address}`, { [field]: 'X', vessel: 'Y' });
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields).toEqual({ [field]: 'validation.additionalProperties' });
      const stored = await server.knex('releases').where({ address: made.address }).first();
      expect(stored.version).toBe(1);
    },
  );

  it.each([
    [{ validUntil: today }, 'validUntil', 'validUntilInPast'],
    [{ validUntil: '2030-02-30' }, 'validUntil', 'invalidApiDate'],
    [{ validUntil: '31/12/2030' }, 'validUntil', 'invalidApiDate'],
    [{ pickupLocation: 'NO-SUCH-TERMINAL' }, 'pickupLocation', 'invalidTerminal'],
    [{ pickupLocation: '' }, 'pickupLocation', 'pickupLocationRequired'],
    [{ validUntil: null }, 'validUntil', 'validUntilRequired'],
  ] as const)(
    'releases spec §5: validates an edit like a create (%j)',
    async (body, field, key) => {
      const made = await release();
      const answer = await patch(`releases/${made.address}`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(releaseMessages[key]);
      expect(answer.body.data.fields).toEqual({ [field]: `releases.validation.${key}` });
    },
  );

  it("releases spec §5: refuses a validUntil before the release's own validFrom", async () => {
    const made = await release({ validFrom: addDays(today, 10), validUntil: addDays(today, 20) });
    const answer = await patch(`releases/${made.address}`, { validUntil: addDays(today, 5) });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(releaseMessages.validUntilBeforeFrom);
    expect(answer.body.data.fields).toEqual({
      validUntil: 'releases.validation.validUntilBeforeFrom',
    });
  });

  it('moves the pickup port with the pickup location, and clears an emptied optional field', async () => {
    const zeebrugge = `Z${Date.now()}`;
    await server
      .knex('ports')
      .insert({ locode: 'BEZEE', name: 'Zeebrugge', country: 'BE' })
      .onConflict('locode')
      .ignore();
    await server
      .knex('terminals')
      .insert({ code: zeebrugge, name: 'Z', port_locode: 'BEZEE', secure_pickup_enabled: true });
    const made = await release({ turnInReference: 'REF' });
    const answer = await patch(`releases/${made.address}`, {
      pickupLocation: zeebrugge,
      turnInReference: '',
    });
    expect(answer.body[0].release).toMatchObject({
      pickupLocation: zeebrugge,
      pickupPort: 'BEZEE',
      isSecurePickup: true,
      turnInReference: null,
    });
  });

  it('refuses a stale version with 409 conflict (optimistic concurrency)', async () => {
    const made = await release();
    expect((await patch(`releases/${made.address}`, { vessel: 'A', version: 1 })).status).toBe(200);
    const stale = await patch(`releases/${made.address}`, { vessel: 'B', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data.code).toBe('conflict');
  });

  it('releases the release again when the validUntil of an expired one moves to the future', async () => {
    const made = await release();
    await server
      .knex('releases')
      .where({ address: made.address })
      .update({ release_status: 'expired', valid_until: addDays(today, -2) });
    const answer = await patch(`releases/${made.address}`, { validUntil: addDays(today, 7) });
    expect(answer.body[0].release).toMatchObject({ releaseStatus: 'released' });
    expect(await partyRow(made.address)).toMatchObject({ release_status: 'released' });
  });
});

describe('releases patch without id (releases spec §5 "Multi-release edit", §7 "patch without id")', () => {
  it('edits several, leaving empty fields out of the change, and answers per release with errors', async () => {
    const a = await release({ turnInReference: 'A-REF' });
    const b = await release({ turnInReference: 'B-REF' });
    const unknown = '0x1111111111111111111111111111111111111111';
    const answer = await patch(manyPath([a.address, b.address, unknown]), {
      turnInLocation: 'Depot Zuid',
      turnInReference: '',
      turnInLocationRail: null,
      vessel: '   ',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        address: a.address,
        release: expect.objectContaining({
          turnInLocation: 'Depot Zuid',
          turnInReference: 'A-REF',
          version: 2,
        }),
      },
      {
        address: b.address,
        release: expect.objectContaining({
          turnInLocation: 'Depot Zuid',
          turnInReference: 'B-REF',
          version: 2,
        }),
      },
      { address: unknown, error: 'notFound' },
    ]);
    const events = await ledgerEvents(server.knex)
      .whereIn('release_address', [a.address, b.address])
      .where({ operation: 'edit' });
    expect(events).toHaveLength(2);
    expect(JSON.parse(events[0].statement).details.changes).toEqual({
      turnInLocation: 'Depot Zuid',
    });
  });

  it('refuses an edit whose fields are all empty (the submit needs some field)', async () => {
    const a = await release();
    const answer = await patch(manyPath([a.address]), { vessel: '', turnInLocation: null });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('validation_failed');
  });

  it('reports per release what cannot change: deleted ones, and dates before their own validFrom', async () => {
    const live = await release();
    const late = await release({ validFrom: addDays(today, 20), validUntil: addDays(today, 40) });
    const gone = await release();
    await api(`releases/${gone.address}`, { method: 'DELETE', token: carrier.tokens[1] });
    const answer = await patch(manyPath([live.address, late.address, gone.address]), {
      validUntil: addDays(today, 10),
    });
    expect(answer.body).toEqual([
      {
        address: live.address,
        release: expect.objectContaining({ validUntil: addDays(today, 10) }),
      },
      {
        address: late.address,
        error: 'validation_failed',
        fields: { validUntil: 'releases.validation.validUntilBeforeFrom' },
      },
      { address: gone.address, error: 'deleted' },
    ]);
  });

  it("changes BL fields on the BL, for all its containers and their party rows' search text and sort keys", async () => {
    const blNumber = uniqueBl();
    const a = await release({ blNumber, vessel: 'Old Vessel' });
    const b = await release({ blNumber, vessel: 'Old Vessel' });
    await patch(`releases/${a.address}`, { vessel: 'New Vessel', voyageNumber: 'V99' });
    const other = await api(`releases/${b.address}`, { token: carrier.tokens[1] });
    expect(other.body).toMatchObject({ vessel: 'New Vessel', voyageNumber: 'V99', version: 1 });
    expect((await partyRow(b.address)).search_text).toContain('new vessel v99');
    // The sort keys the overview walks (migration 0043) follow the BL too.
    expect(await partyRow(b.address)).toMatchObject({
      sort_vessel: 'new vessel',
      sort_bl_number: blNumber.toLowerCase(),
      sort_container_number: b.containerNumber.toLowerCase(),
    });
  });
});

describe('releases remove (releases spec §6 "delete", §7 "releases remove")', () => {
  it('marks a release deleted (never a hard delete), version + 1, and refuses a second delete', async () => {
    const made = await release();
    const answer = await api(`releases/${made.address}`, {
      method: 'DELETE',
      token: carrier.tokens[1],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        address: made.address,
        release: expect.objectContaining({ releaseStatus: 'deleted', version: 2 }),
      },
    ]);
    expect(await partyRow(made.address)).toMatchObject({ release_status: 'deleted' });
    const again = await api(`releases/${made.address}`, {
      method: 'DELETE',
      token: carrier.tokens[1],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/deleted/);
    const edit = await patch(`releases/${made.address}`, { vessel: 'X' });
    expect(edit.status).toBe(409);
  });

  it('deletes several by address, answering per release', async () => {
    const a = await release();
    const b = await release();
    const answer = await api(manyPath([a.address, b.address]), {
      method: 'DELETE',
      token: carrier.tokens[1],
    });
    expect(
      answer.body.map((item: { release: { releaseStatus: string } }) => item.release.releaseStatus),
    ).toEqual(['deleted', 'deleted']);
    const picked = await release();
    await server
      .knex('releases')
      .where({ address: picked.address })
      .update({ release_status: 'gateout' });
    const refused = await api(manyPath([picked.address]), {
      method: 'DELETE',
      token: carrier.tokens[1],
    });
    expect(refused.body).toEqual([{ address: picked.address, error: 'gateOut' }]);
  });

  it('needs the addresses of a multi-remove', async () => {
    const answer = await api('releases', { method: 'DELETE', token: carrier.tokens[1] });
    expect(answer.status).toBe(400);
  });
});
