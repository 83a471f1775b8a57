import { eventHash, parseStatement, statementHash } from '@scr/domain';
import { verifyMessage } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { releasePayload, releaseTerminal } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { ledgerEvents, storedEventContent, type StoredEventRow } from './ledger.ts';

type EventRow = StoredEventRow & {
  hash: string;
  statement: string;
  signature: string;
  signer_address: string;
};

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let terminal: string;
let serverAddress: string;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  carrier = await signedInOrganization(server, { role: 'carrier' });
  terminal = await releaseTerminal(server.knex);
  serverAddress = (await api('app-info')).body.serverAddress;
});
afterAll(() => server?.stop());

const eventsOf = (address: string): Promise<EventRow[]> =>
  ledgerEvents(server.knex).where({ release_address: address }).orderBy('sequence');

/** What `npm run verify-ledger` will check, from the stored columns alone. */
function verifyChain(events: EventRow[]) {
  events.forEach((event, i) => {
    expect(event.sequence).toBe(i + 1);
    expect(event.prev_hash).toBe(i === 0 ? null : events[i - 1]!.hash);
    expect(event.hash).toBe(eventHash(storedEventContent(event)));
    expect(event.statement_hash).toBe(statementHash(event.statement));
    expect(verifyMessage(event.statement, event.signature)).toBe(event.signer_address);
    const statement = parseStatement(event.statement);
    expect(statement.by).toBe(event.signer_address);
    expect(statement.action).toBe(event.operation);
    expect(statement.releases).toEqual([
      expect.objectContaining({ address: event.release_address, version: event.release_version }),
    ]);
  });
}

describe('DESIGN §3 "custody ledger": a hash chain per release, signed by the server for its own records', () => {
  it('records create, edits and delete as a verifiable chain signed by the server key', async () => {
    const body = await releasePayload(server.knex, {
      pickupLocation: terminal,
      vessel: 'MSC Anna',
    });
    const created = await api('releases', { method: 'POST', token: carrier.tokens[1], body });
    const { address } = created.body;
    const path = `releases/${address}`;
    await api(path, {
      method: 'PATCH',
      token: carrier.tokens[1],
      body: { turnInLocation: 'Depot' },
    });
    await api(path, { method: 'PATCH', token: carrier.tokens[1], body: { vessel: 'MSC Bea' } });
    await api(path, { method: 'DELETE', token: carrier.tokens[1] });

    const events = await eventsOf(address);
    expect(events.map((e) => [e.operation, e.release_version])).toEqual([
      ['create', 1],
      ['edit', 2],
      ['edit', 3],
      ['delete', 4],
    ]);
    verifyChain(events);
    expect(new Set(events.map((e) => e.signer_address))).toEqual(new Set([serverAddress]));
    expect(events[0]).toMatchObject({
      source_organization_id: carrier.id,
      user_id: carrier.users[1]!.id,
      actor: `user:${carrier.users[1]!.id}`,
    });
    const create = parseStatement(events[0]!.statement);
    expect(create.details).toMatchObject({
      creator: carrier.address,
      userId: carrier.users[1]!.id,
      billOfLading: { blNumber: body.billOfLading.blNumber, vessel: 'MSC Anna' },
      container: { containerNumber: body.container.containerNumber, pickupLocation: terminal },
    });
    expect(parseStatement(events[2]!.statement).details).toMatchObject({
      changes: { vessel: 'MSC Bea' },
    });
  });

  it('breaks at any changed byte', async () => {
    const created = await api('releases', {
      method: 'POST',
      token: carrier.tokens[1],
      body: await releasePayload(server.knex, { pickupLocation: terminal }),
    });
    const [event] = await eventsOf(created.body.address);
    const tampered = { ...event!, statement: event!.statement.replace('"create"', '"delete"') };
    expect(statementHash(tampered.statement)).not.toBe(event!.statement_hash);
    expect(
      eventHash(
        storedEventContent({ ...event!, statement_hash: statementHash(tampered.statement) }),
      ),
    ).not.toBe(event!.hash);
    expect(verifyMessage(tampered.statement, tampered.signature)).not.toBe(serverAddress);
  });

  it('keeps the chain whole when edits race (row locks, one sequence each)', async () => {
    const created = await api('releases', {
      method: 'POST',
      token: carrier.tokens[1],
      body: await releasePayload(server.knex, { pickupLocation: terminal }),
    });
    const { address } = created.body;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        api(`releases/${address}`, {
          method: 'PATCH',
          token: carrier.tokens[1],
          body: { turnInReference: `R${n}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const events = await eventsOf(address);
    expect(events).toHaveLength(6);
    verifyChain(events);
    const release = await server.knex('releases').where({ address }).first('version');
    expect(release.version).toBe(6);
  });
});
