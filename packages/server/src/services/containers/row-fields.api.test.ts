import { describe, expect, it } from 'vitest';
import { apiCaller } from '../../test/admin-kit.ts';
import { acting, castRelease, custodyCast, type Org } from '../custody/custody-test-kit.ts';

/*
 * Releases spec §3 "Container release" and "Bill of lading": the fields of both rows as each
 * party of a chain carrier → A → B may see them (DESIGN §3 "Tenancy"), read through the real
 * `containers` and `bills-of-lading` finds after real, signed custody actions.
 */

const cast = custodyCast([
  ['carrier', 'a'],
  ['a', 'b'],
]);

async function act(org: Org, action: 'transfer' | 'pincode', address: string, target?: Org) {
  const result = await cast.calls.act(acting(org), action, [address], target?.address);
  expect(result.applied.status, JSON.stringify(result.applied.body)).toBe(201);
}

const setAuditTrail = (org: Org, enabled: boolean) =>
  cast.server
    .knex('organization_features')
    .insert({ organization_id: org.id, feature: 'canAuditTrail', enabled })
    .onConflict(['organization_id', 'feature'])
    .merge();

/** The release's row in the viewer's containers find, and its BL's row in the BL find. */
async function rowsOf(org: Org, blNumber: string, address: string) {
  const api = apiCaller(cast.server);
  const query = `$filter[blNumber]=${blNumber}&$filter[valid]=showBoth`;
  const containers = await api(`containers?${query}`, { token: org.tokens[0] });
  const bills = await api(`bills-of-lading?${query}`, { token: org.tokens[0] });
  expect(containers.status, JSON.stringify(containers.body)).toBe(200);
  expect(bills.status, JSON.stringify(bills.body)).toBe(200);
  const row = containers.body.data.find((item: { address: string }) => item.address === address);
  return { row, bl: bills.body.data[0] };
}

describe('releases spec §3: the release row and the BL row, field by field, as each party sees them', () => {
  it('names the parties around the viewer, who holds it, and the pincode retrievals the viewer may see', async () => {
    const release = await castRelease(cast);
    await act(cast.carrier, 'transfer', release.address, cast.a);
    await act(cast.a, 'transfer', release.address, cast.b);
    await act(cast.b, 'pincode', release.address);
    await setAuditTrail(cast.a, false);
    await setAuditTrail(cast.carrier, true);

    const b = await rowsOf(cast.b, release.blNumber, release.address);
    expect(b.row).toMatchObject({
      id: expect.any(Number),
      address: release.address,
      releaseAddress: release.address,
      prevParty: `address:${cast.a.address}`,
      nextParty: null,
      owner: cast.b.address,
      creator: cast.carrier.name,
      blocked: false,
      deleted: false,
      transferStatus: 'pinRetrieved',
    });
    expect(b.row.pincode_logs).toEqual([
      {
        organizationAddress: cast.b.address,
        organizationName: cast.b.name,
        retrievedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    // Nothing of the pincode itself, clear or sealed, is in either row.
    expect(JSON.stringify(b.row)).not.toMatch(/encrypted|sealed|"pincode"/i);

    // A passed it to B, who holds it: A knows both; without canAuditTrail it sees only its own
    // organisation's retrievals, none.
    const a = await rowsOf(cast.a, release.blNumber, release.address);
    expect(a.row).toMatchObject({
      prevParty: `address:${cast.carrier.address}`,
      nextParty: `address:${cast.b.address}`,
      owner: cast.b.address,
      transferStatus: 'transferred',
    });
    expect(a.row.pincode_logs).toEqual([]);

    // The carrier created it: no one before it; B, two links on, is not the carrier's to know
    // as the holder; with canAuditTrail it sees B's retrieval, as its audit trail shows it.
    const carrier = await rowsOf(cast.carrier, release.blNumber, release.address);
    expect(carrier.row).toMatchObject({
      prevParty: null,
      nextParty: `address:${cast.a.address}`,
      owner: null,
    });
    expect(carrier.row.pincode_logs).toEqual([
      expect.objectContaining({ organizationAddress: cast.b.address }),
    ]);
  });

  it('gives the BL one address for everyone, and its containers as the viewer’s own rows', async () => {
    const release = await castRelease(cast);
    await act(cast.carrier, 'transfer', release.address, cast.a);
    const a = await rowsOf(cast.a, release.blNumber, release.address);
    const carrier = await rowsOf(cast.carrier, release.blNumber, release.address);
    expect(a.bl.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(a.bl.address).toBe(carrier.bl.address);
    expect(a.bl.address).not.toBe(release.address);
    expect(a.bl).toMatchObject({ blNumber: release.blNumber, assignLocationLabel: null });
    // The BL's containers are exactly the rows the containers find gives the same viewer.
    expect(a.bl.containers).toEqual([a.row]);
    expect(carrier.bl.containers).toEqual([carrier.row]);
    expect(a.bl.containers[0].transferStatus).toBe('owned');
    expect(carrier.bl.containers[0].transferStatus).toBe('transferred');
  });

  it('reads blocked and deleted from the release status (§4)', async () => {
    const release = await castRelease(cast);
    const statusOf = async () =>
      (await rowsOf(cast.carrier, release.blNumber, release.address)).row;
    const setStatus = (release_status: string) =>
      cast.server.knex('releases').where({ address: release.address }).update({ release_status });
    await setStatus('blockedForScanning');
    expect(await statusOf()).toMatchObject({ blocked: true, deleted: false });
    await setStatus('deleted');
    expect(await statusOf()).toMatchObject({ blocked: false, deleted: true });
  });
});
