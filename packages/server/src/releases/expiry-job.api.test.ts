import {
  addDays,
  archivedOn,
  eventHash,
  isExpired,
  parseStatement,
  todayInBrussels,
} from '@scr/domain';
import { verifyMessage } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOrganization, type SignedInOrganization } from '../test/admin-kit.ts';
import { createRelease, releasePayload, releaseTerminal } from '../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { runCreateReleases } from './create-releases.ts';
import { storedEventContent } from '../ledger/ledger.ts';
import { ledgerEvents } from '../ledger/ledger.ts';

let server: TestServer;
let carrier: SignedInOrganization;
let terminal: string;
const today = todayInBrussels();

beforeAll(async () => {
  // The job runs when told to here; the last test restarts with the default (hourly, and at start).
  server = await startTestApp({ env: { EXPIRY_JOB_INTERVAL_MS: '0' } });
  carrier = await signedInOrganization(server, { role: 'carrier' });
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

/** A release of the test's own, then set straight in the database (as time passing would). */
async function releaseWith(columns: Record<string, unknown>) {
  const made = await createRelease(server, carrier, { pickupLocation: terminal });
  if (Object.keys(columns).length > 0) {
    await server.knex('releases').where({ address: made.address }).update(columns);
  }
  return made.address;
}

const stateOf = (address: string) =>
  server.knex('releases').where({ address }).first('release_status', 'archived_at', 'version');
const eventsOf = (address: string) =>
  ledgerEvents(server.knex).where({ release_address: address }).orderBy('sequence');

/** Runs the job until `addresses` are done (another instance on a shared database may take some). */
async function expireUntil(check: () => Promise<boolean>) {
  await waitFor('the expiry job to finish these releases', async () => {
    await server.portal.app.get('expiryJob')!.runNow();
    return check();
  });
}

describe('releases spec §4 "Commercial release lifetime", the expiry job', () => {
  it('expires released and blocked releases past their validUntil, archives those 10 days past it, with a signed system event each', async () => {
    const yesterday = addDays(today, -1);
    const live = await releaseWith({});
    const lastDay = await releaseWith({ valid_until: today });
    const expired = await releaseWith({ valid_until: yesterday, valid_from: addDays(today, -9) });
    const blocked = await releaseWith({ valid_until: yesterday, release_status: 'blocked' });
    const old = await releaseWith({
      valid_until: addDays(today, -10),
      valid_from: addDays(today, -30),
    });
    const deleted = await releaseWith({ valid_until: yesterday, release_status: 'deleted' });
    const pickedUp = await releaseWith({ release_status: 'gateout', gate_out_at: new Date() });

    await expireUntil(
      async () =>
        (await stateOf(old))?.archived_at !== null &&
        (await stateOf(pickedUp))?.archived_at !== null,
    );

    expect(await stateOf(live)).toMatchObject({
      release_status: 'released',
      archived_at: null,
      version: 1,
    });
    expect(await stateOf(lastDay)).toMatchObject({ release_status: 'released', version: 1 });
    expect(await stateOf(expired)).toMatchObject({
      release_status: 'expired',
      archived_at: null,
      version: 2,
    });
    expect(await stateOf(blocked)).toMatchObject({ release_status: 'expired', version: 2 });
    expect(await stateOf(old)).toMatchObject({ release_status: 'expired', version: 3 });
    expect((await stateOf(old))!.archived_at).not.toBeNull();
    expect(await stateOf(deleted)).toMatchObject({
      release_status: 'deleted',
      archived_at: null,
      version: 1,
    });
    expect(await stateOf(pickedUp)).toMatchObject({ release_status: 'gateout', version: 2 });

    const party = await server
      .knex('release_parties as p')
      .join('releases as r', 'r.id', 'p.release_id')
      .where('r.address', expired)
      .first('p.release_status');
    expect(party.release_status).toBe('expired');

    const events = await eventsOf(old);
    expect(
      events.map((e) => [e.operation, e.release_version, e.actor, e.source_organization_id]),
    ).toEqual([
      ['create', 1, `user:${carrier.users[0]!.id}`, carrier.id],
      ['expire', 2, 'system', null],
      ['archive', 3, 'system', null],
    ]);
    for (const [i, event] of events.entries()) {
      expect(event.hash).toBe(eventHash(storedEventContent(event)));
      expect(event.prev_hash).toBe(i === 0 ? null : events[i - 1].hash);
      expect(verifyMessage(event.statement, event.signature)).toBe(event.signer_address);
      expect(parseStatement(event.statement)).toMatchObject({
        action: event.operation,
        by: event.signer_address,
      });
    }
  });

  it('is idempotent: a second run changes nothing more', async () => {
    const expired = await releaseWith({ valid_until: addDays(today, -1) });
    await expireUntil(async () => (await stateOf(expired))?.release_status === 'expired');
    await server.portal.app.get('expiryJob')!.runNow();
    expect((await eventsOf(expired)).map((e) => e.operation)).toEqual(['create', 'expire']);
    expect(await stateOf(expired)).toMatchObject({ version: 2 });
  });

  it('works through more releases than one batch', async () => {
    const actor = {
      organizationId: carrier.id,
      organizationAddress: carrier.address,
      organizationRole: 'carrier' as const,
      userId: null,
      apiKeyId: null,
      label: 'system',
      seesTransferInfo: true,
    };
    const payloads = await Promise.all(
      Array.from({ length: 1_100 }, () =>
        releasePayload(server.knex, { pickupLocation: terminal }),
      ),
    );
    const { created } = await runCreateReleases(
      server.knex,
      server.portal.app.get('serverKey'),
      actor,
      payloads,
      { today },
    );
    const ids = created.map((release) => release.id);
    await server
      .knex('releases')
      .whereIn('id', ids)
      .update({ valid_until: addDays(today, -2), valid_from: addDays(today, -20) });
    await expireUntil(async () => {
      const left = await server
        .knex('releases')
        .whereIn('id', ids)
        .whereNot('release_status', 'expired')
        .count({ n: '*' });
      return Number(left[0]!.n) === 0;
    });
    const events = await server
      .knex('release_events')
      .whereIn('release_id', ids)
      .where({ operation: 'expire' })
      .count({ n: '*' });
    expect(Number(events[0]!.n)).toBe(1_100);
  });

  it('runs once at start, after the migrations', async () => {
    const address = await releaseWith({ valid_until: addDays(today, -1) });
    server = await server.restart({});
    await waitFor(
      'the job at start to expire the release',
      async () => (await stateOf(address))?.release_status === 'expired',
    );
  });
});

describe('issue 10 item 1: the expiry job’s SQL agrees with domain isExpired / archivedOn', () => {
  it('expires and archives exactly the releases the domain says, day by day around today', async () => {
    const days = Array.from({ length: 15 }, (_, i) => i - 13); // validUntil today-13 … today+1
    const made = [];
    for (const day of days) {
      const validUntil = addDays(today, day);
      const address = await releaseWith({
        valid_until: validUntil,
        valid_from: addDays(today, -40),
      });
      made.push({ address, validUntil });
    }
    const releasedOn = addDays(today, -40);
    const oldest = made[0]!.address;
    await expireUntil(async () => (await stateOf(oldest))?.archived_at !== null);
    await server.portal.app.get('expiryJob')!.runNow();
    for (const { address, validUntil } of made) {
      const state = await stateOf(address);
      const release = { validUntil, releasedOn };
      expect(state!.release_status === 'expired', validUntil).toBe(isExpired(release, today));
      expect(state!.archived_at !== null, validUntil).toBe(archivedOn(release) <= today);
    }
  });
});
