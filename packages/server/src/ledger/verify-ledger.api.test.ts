import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletOrganization } from '../test/factories.ts';
import { createRelease } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { ledgerEvents } from './ledger.ts';
import { verifyLedger } from './verify-ledger.ts';

let server: TestServer;
let carrier: Awaited<ReturnType<typeof createWalletOrganization>>;
const serverAddress = () => server.portal.app.get('serverKey').address;

beforeAll(async () => {
  server = await startTestApp();
  carrier = await createWalletOrganization(server.knex, { role: 'carrier' });
});
afterAll(() => server?.stop());

/** Two fresh releases of this test's carrier, one with a pincode. */
async function releases() {
  const withPin = await createRelease(server, carrier, { pincode: '482913' });
  const without = await createRelease(server, carrier);
  return [withPin.address, without.address];
}

const verify = (releaseAddresses: string[]) =>
  verifyLedger(server.knex, { serverAddress: serverAddress(), releaseAddresses });

const eventOf = async (address: string) =>
  ledgerEvents(server.knex).where('e.release_address', address).first();

describe('DESIGN §3 "A command verifies the whole ledger offline"', () => {
  it('verifies the chains and signatures of untouched releases', async () => {
    const addresses = await releases();
    expect(await verify(addresses)).toEqual({ releases: 2, events: 2, broken: null });
  });

  it('refuses a signature by another key than the server for its own records', async () => {
    const addresses = await releases();
    const result = await verifyLedger(server.knex, {
      serverAddress: carrier.address,
      releaseAddresses: addresses,
    });
    expect(result.broken?.reason).toMatch(/^signed by/);
  });

  it.each([
    ['hash', (s: string) => `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`],
    ['operation', () => 'edit'],
    ['release_version', () => 7],
  ])('names the release when a byte of the stored event %s changes', async (column, change) => {
    const [address] = await releases();
    const event = await eventOf(address!);
    await server
      .knex('release_events')
      .where({ id: event.id })
      .update({ [column]: change(event[column]) });
    const result = await verify([address!]);
    expect(result.broken).toMatchObject({ releaseAddress: address, sequence: 1 });
  });

  it.each([
    ['statement', (s: string) => s.replace('"v":1', '"v":2')],
    ['signature', (s: string) => `${s.slice(0, -4)}${s.slice(-4) === '1b1c' ? '1c1b' : '1b1c'}`],
    ['hash', (s: string) => `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`],
    ['signer_address', () => '0x0000000000000000000000000000000000000001'],
  ])('names the release when a byte of its stored statement %s changes', async (column, change) => {
    const [address] = await releases();
    const event = await eventOf(address!);
    const original = await server
      .knex('ledger_statements')
      .where({ id: event.statement_id })
      .first();
    await server
      .knex('ledger_statements')
      .where({ id: event.statement_id })
      .update({ [column]: change(original[column]) });
    const result = await verify([address!]);
    expect(result.broken).toMatchObject({ releaseAddress: address, sequence: 1 });
  });

  it.each([
    ['description', { description: JSON.stringify({ note: 'rewritten history' }) }],
    // An id no test user has: the change must be a real one.
    ['actor', { actor: 'user:2147483647' }],
    ['created_at', { created_at: new Date('2020-01-01T00:00:00Z') }],
  ])('names the release when its recorded %s changes', async (_column, change) => {
    const [address] = await releases();
    const event = await eventOf(address!);
    await server.knex('release_events').where({ id: event.id }).update(change);
    const result = await verify([address!]);
    expect(result.broken).toMatchObject({ releaseAddress: address, sequence: 1 });
  });

  it('names the release when its stored pincode copy changes', async () => {
    const [address] = await releases();
    const release = await server.knex('releases').where({ address }).first('id');
    const copy = await server.knex('release_pincodes').where({ release_id: release.id }).first();
    const flipped = copy.encrypted_pincode.startsWith('A')
      ? `B${copy.encrypted_pincode.slice(1)}`
      : `A${copy.encrypted_pincode.slice(1)}`;
    await server
      .knex('release_pincodes')
      .where({ release_id: release.id })
      .update({ encrypted_pincode: flipped });
    const result = await verify([address!]);
    expect(result.broken).toMatchObject({
      releaseAddress: address,
      reason: expect.stringMatching(/pincode/),
    });
  });

  it('names the release when its version no longer matches its ledger', async () => {
    const [, address] = await releases();
    await server.knex('releases').where({ address }).increment('version', 1);
    expect((await verify([address!])).broken).toMatchObject({ releaseAddress: address });
  });
});
