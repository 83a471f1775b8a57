import { randomBytes } from 'node:crypto';
import { pincodeHash } from '@scr/domain';
import { deriveSealingKeyPair, openPincode, sealPincode } from '@scr/wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { capturedLog } from '../test/captured-log.ts';
import { releasePayload, releaseTerminal } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { ledgerEvents } from '../ledger/ledger.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let terminal: string;
const log = capturedLog();

beforeAll(async () => {
  server = await startTestApp({ logger: log.logger });
  api = apiCaller(server);
  carrier = await signedInOrganization(server, { role: 'carrier' });
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

/** Every text, varchar and jsonb column of every table, as `table.column`, that holds `needle`. */
async function columnsHolding(needle: string): Promise<string[]> {
  const columns = await server
    .knex('information_schema.columns')
    .where('table_schema', server.knex.raw('current_schema()'))
    .whereIn('data_type', ['text', 'character varying', 'character', 'json', 'jsonb'])
    .select('table_name', 'column_name');
  expect(columns.length).toBeGreaterThan(30);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const hit = await server
      .knex(table)
      .whereRaw('??::text like ?', [column, `%${needle}%`])
      .first(server.knex.raw('1 as hit'));
    if (hit) found.push(`${table}.${column}`);
  }
  return found;
}

describe('DESIGN §3 "Pincodes, end to end": the server never keeps or logs a pincode in clear', () => {
  it('seals a pincode sent in clear to the carrier at once; the clear value is nowhere in the database or the log', async () => {
    const pincode = `PIN${randomBytes(6).toString('hex')}`;
    // What a listener of the service's events would see: the event and its context, as JSON.
    const published: string[] = [];
    server.portal.app.service('releases').once('created', (data, context) => {
      const { app: _app, service: _service, self: _self, ...rest } = context.toJSON();
      published.push(JSON.stringify({ data, context: rest }));
    });
    const body = await releasePayload(server.knex, { pickupLocation: terminal, pincode });
    const answer = await api('releases', { method: 'POST', token: carrier.tokens[1], body });
    expect(answer.status).toBe(201);
    expect(answer.body.hasPincode).toBe(true);
    expect(JSON.stringify(answer.body)).not.toContain(pincode);

    // A refused call carrying the same pincode leaves no trace either.
    const bad = await releasePayload(server.knex, {
      pickupLocation: terminal,
      pincode,
      validUntil: 'soon',
    });
    expect(
      (await api('releases', { method: 'POST', token: carrier.tokens[1], body: bad })).status,
    ).toBe(400);

    const release = await server
      .knex('releases')
      .where({ address: answer.body.address })
      .first('id');
    const copy = await server.knex('release_pincodes').where({ release_id: release.id });
    expect(copy).toEqual([expect.objectContaining({ organization_id: carrier.id })]);
    const keys = await deriveSealingKeyPair(carrier.privateKey);
    expect(await openPincode(copy[0].encrypted_pincode, keys)).toBe(pincode);

    const event = await ledgerEvents(server.knex).where({ release_id: release.id }).first();
    const statement = JSON.parse(event.statement);
    expect(statement.releases[0].pincodeHash).toBe(pincodeHash(copy[0].encrypted_pincode));
    expect(event.pincode_copies).toEqual({
      [carrier.address]: pincodeHash(copy[0].encrypted_pincode),
    });

    expect(published).toHaveLength(1);
    expect(published[0]).toContain(answer.body.address);
    expect(published[0]).not.toContain(pincode);
    expect(await columnsHolding(pincode)).toEqual([]);
    // The search does find what is there: the sealed copy.
    expect(await columnsHolding(copy[0].encrypted_pincode)).toEqual([
      'release_pincodes.encrypted_pincode',
    ]);
    expect(log.lines.length).toBeGreaterThan(0);
    expect(log.text()).not.toContain(pincode);
  });

  it('stores an encryptedPincode exactly as sent, so the server never sees the clear value', async () => {
    const pincode = `PIN${randomBytes(6).toString('hex')}`;
    const organization = await server.knex('organizations').where({ id: carrier.id }).first();
    const encryptedPincode = await sealPincode(pincode, organization.sealing_public_key);
    const body = await releasePayload(server.knex, { pickupLocation: terminal, encryptedPincode });
    const answer = await api('releases', { method: 'POST', token: carrier.tokens[1], body });
    expect(answer.status).toBe(201);
    const stored = await server
      .knex('release_pincodes as rp')
      .join('releases as r', 'r.id', 'rp.release_id')
      .where('r.address', answer.body.address)
      .first('rp.encrypted_pincode');
    expect(stored.encrypted_pincode).toBe(encryptedPincode);
    expect(await columnsHolding(pincode)).toEqual([]);
  });

  it('refuses both forms at once, a malformed sealed box, and a pincode that is not printable', async () => {
    const pincode = `PIN${randomBytes(6).toString('hex')}`;
    // A pincode that is not printable gets the form's own message (domain pincodeFormat).
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { pincode, encryptedPincode: Buffer.alloc(64).toString('base64') },
        { pincode: 'validation.invalid' },
      ],
      [{ encryptedPincode: 'not base64!' }, { encryptedPincode: 'validation.invalid' }],
      [
        { encryptedPincode: Buffer.alloc(10).toString('base64') },
        { encryptedPincode: 'validation.invalid' },
      ],
      [{ pincode: 'a\nb' }, { pincode: 'releases.validation.pincodeFormat' }],
    ];
    for (const [fields, expected] of cases) {
      const body = await releasePayload(server.knex, { pickupLocation: terminal, ...fields });
      const answer = await api('releases', { method: 'POST', token: carrier.tokens[1], body });
      expect(answer.status).toBe(400);
      expect(answer.body.data.fields).toEqual(expected);
    }
    expect(log.text()).not.toContain(pincode);
  });
});
