import { addDays, bulkCandidates, todayInBrussels, type ClassifiedPair } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInOrganization, tokenFor, type SignedInOrganization } from '../../test/admin-kit.ts';
import { actingAs, custodyCaller, signedInChain } from '../../test/custody.ts';
import {
  createRelease,
  releaseTerminal,
  uniqueBl,
  uniqueContainer,
} from '../../test/factories-releases.ts';
import { utf16Bytes, windows1252Bytes } from '../../test/office-csv.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { postBulkFile, workbookOf } from './bulk-test-kit.ts';

let server: TestServer;
let calls: ReturnType<typeof custodyCaller>;
type Org = SignedInOrganization;
let carrier: Org;
let forwarder: Org;
let haulier: Org;
let terminal: string;

beforeAll(async () => {
  server = await startTestApp();
  calls = custodyCaller(server);
  [carrier, forwarder, haulier] = await signedInChain(server, [{}, {}, {}]);
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

const classify = (pairs: unknown[], token = forwarder.tokens[1]) =>
  calls.api('bulk-operations/classifications', { method: 'POST', token, body: { pairs } });

/** Releases the carrier made and passed on to the forwarder (a real signed transfer). */
async function forwarderReleases(count: number) {
  const made = [];
  for (let i = 0; i < count; i += 1) {
    made.push(await createRelease(server, carrier, { pickupLocation: terminal, pincode: '4821' }));
  }
  const moved = await calls.act(
    actingAs(carrier),
    'transfer',
    made.map((release) => release.address),
    forwarder.address,
  );
  expect(moved.applied.status).toBe(201);
  return made;
}

/** Changes a release and every party's copy of its status (as the commands keep them in step). */
async function setRelease(address: string, change: Record<string, unknown>) {
  const [release] = await server.knex('releases').where({ address }).update(change, ['id']);
  const copies = Object.fromEntries(
    Object.entries(change).filter(([column]) => ['release_status', 'valid_until'].includes(column)),
  );
  await server.knex('release_parties').where({ release_id: release.id }).update(copies);
}

describe('releases spec §4 "Bulk classification" through bulk-operations (issue 13 item 1)', () => {
  it('reads an .xlsx file, classifies each pair as the forwarder stands to it, and transfers the eligible ones with one statement', async () => {
    const [eligible, blocked, expired, gateOut, deleted, pinFetched, passedOn] =
      await forwarderReleases(7);
    // Blocked by the carrier's signed call: it is transferred below, so its ledger must say so.
    const block = await calls.act(actingAs(carrier), 'block', [blocked!.address]);
    expect(block.applied.status).toBe(201);
    await setRelease(expired!.address, { valid_until: addDays(todayInBrussels(), -1) });
    await setRelease(gateOut!.address, { release_status: 'gateout' });
    await setRelease(deleted!.address, { release_status: 'deleted' });
    await server
      .knex('release_parties')
      .where({ organization_id: forwarder.id })
      .whereIn(
        'release_id',
        server.knex('releases').where({ address: pinFetched!.address }).select('id'),
      )
      .update({ transfer_status: 'pinRetrieved' });
    const toHaulier = await calls.act(
      actingAs(forwarder),
      'transfer',
      [passedOn!.address],
      haulier.address,
    );
    expect(toHaulier.applied.status).toBe(201);
    const carriersOwn = await createRelease(server, carrier, { pickupLocation: terminal });
    const unknown = [uniqueBl(), uniqueContainer()];

    const line = (release: { blNumber: string; containerNumber: string }) => [
      release.blNumber.toLowerCase(),
      ` ${release.containerNumber} `,
    ];
    const file = workbookOf([
      ['BL number', 'Container number'],
      line(eligible!),
      line(blocked!),
      line(expired!),
      line(gateOut!),
      line(deleted!),
      line(pinFetched!),
      line(passedOn!),
      line(carriersOwn),
      unknown,
      [],
      line(eligible!),
      ['', 'ABCU1234560'],
    ]);
    const read = await postBulkFile(server, 'pairs.xlsx', file, forwarder.tokens[1]!);
    expect(read.status).toBe(201);
    expect(read.body.fileName).toBe('pairs.xlsx');
    expect(read.body.pairs).toHaveLength(9);
    expect(read.body.pairs[0]).toEqual({
      row: 2,
      blNumber: eligible!.blNumber,
      containerNumber: eligible!.containerNumber,
    });
    expect(read.body.problems).toEqual([
      {
        row: 12,
        blNumber: eligible!.blNumber,
        containerNumber: eligible!.containerNumber,
        problem: 'duplicate',
      },
      { row: 13, blNumber: '', containerNumber: 'ABCU1234560', problem: 'missingBl' },
    ]);

    const answer = await classify(
      read.body.pairs.map(({ row: _row, ...pair }: { row: number }) => pair),
    );
    expect(answer.status).toBe(201);
    const rows: ClassifiedPair[] = answer.body.rows;
    expect(rows.map((row) => row.bulkClass)).toEqual([
      'eligible',
      'blocked',
      'expired',
      'gateOut',
      'deleted',
      'pinFetched',
      'alreadyTransferred',
      'notFoundOrNotOwned',
      'notFoundOrNotOwned',
    ]);
    expect(rows[0]!.address).toBe(eligible!.address);
    // Another party's release is not revealed, not even its address.
    expect(rows[7]!.address).toBeNull();

    const candidates = bulkCandidates('transfer', rows).map((row) => row.address!);
    expect(candidates).toEqual([eligible!.address, blocked!.address]);
    const statementsBefore = await statementCount();
    const bulk = await calls.act(actingAs(forwarder), 'transfer', candidates, haulier.address);
    expect(bulk.applied.status).toBe(201);
    expect(bulk.applied.body.applied.map((r: { address: string }) => r.address).sort()).toEqual(
      [...candidates].sort(),
    );
    expect(await statementCount()).toBe(statementsBefore + 1);
    const again = await classify([pairOf(eligible!), pairOf(blocked!)]);
    expect(again.body.rows.map((row: ClassifiedPair) => row.bulkClass)).toEqual([
      'alreadyTransferred',
      'alreadyTransferred',
    ]);
    expect(bulkCandidates('revoke', again.body.rows)).toHaveLength(2);
    const seenByHaulier = await classify([pairOf(eligible!)], haulier.tokens[1]);
    expect(seenByHaulier.body.rows[0]).toMatchObject({ bulkClass: 'eligible' });
  });

  it('reads a .csv with semicolons, and takes a file as JSON too', async () => {
    const [release] = await forwarderReleases(1);
    const csv = `BL;Container\n${release!.blNumber};${release!.containerNumber}\n`;
    const read = await postBulkFile(server, 'pairs.csv', Buffer.from(csv), forwarder.tokens[1]!);
    expect(read.body.pairs).toEqual([
      { row: 2, blNumber: release!.blNumber, containerNumber: release!.containerNumber },
    ]);
    const json = await calls.api('bulk-operations/files', {
      method: 'POST',
      token: forwarder.tokens[1],
      body: { fileName: 'pairs.csv', contentBase64: Buffer.from(csv).toString('base64') },
    });
    expect(json.status).toBe(201);
    expect(json.body.pairs).toEqual(read.body.pairs);
  });

  it('releases spec §5: reads a first row that is a pair as a pair and warns, instead of losing it', async () => {
    const [first, second] = await forwarderReleases(2);
    const csv = [first!, second!].map((r) => `${r.blNumber};${r.containerNumber}`).join('\n');
    const read = await postBulkFile(
      server,
      'no-header.csv',
      Buffer.from(csv),
      forwarder.tokens[1]!,
    );
    expect(read.status).toBe(201);
    expect(read.body.pairs).toEqual([
      { row: 1, blNumber: first!.blNumber, containerNumber: first!.containerNumber },
      { row: 2, blNumber: second!.blNumber, containerNumber: second!.containerNumber },
    ]);
    expect(read.body.warnings).toEqual([{ kind: 'noHeader', row: 1 }]);
  });

  it('releases spec §5: finds the header below a title, in a Windows-1252 or UTF-16 .csv', async () => {
    const [release] = await forwarderReleases(1);
    const text = `Paires à transférer – Müller\r\nBL number;Container number\r\n${release!.blNumber};${release!.containerNumber}\r\n`;
    const pair = { row: 3, blNumber: release!.blNumber, containerNumber: release!.containerNumber };
    for (const bytes of [windows1252Bytes(text), utf16Bytes(text, 'le')]) {
      const read = await postBulkFile(server, 'titled.csv', bytes, forwarder.tokens[1]!);
      expect(read.status).toBe(201);
      expect(read.body.pairs).toEqual([pair]);
      expect(read.body.warnings).toBeUndefined();
    }
  });

  it('classifies 10,000 pairs in one call, and refuses more', async () => {
    const pairs = Array.from({ length: 10_000 }, () => ({
      blNumber: uniqueBl(),
      containerNumber: uniqueContainer(),
    }));
    const answer = await classify(pairs);
    expect(answer.status).toBe(201);
    expect(answer.body.rows).toHaveLength(10_000);
    expect(new Set(answer.body.rows.map((row: ClassifiedPair) => row.bulkClass))).toEqual(
      new Set(['notFoundOrNotOwned']),
    );
    const tooMany = await classify([...pairs, pairs[0]]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.code).toBe('validation_failed');
  });
});

describe('releases spec §6: bulk operations are for non-carriers with canBulkOperations', () => {
  it('refuses carriers, organisations without the feature, and anyone not signed in', async () => {
    const pairs = [{ blNumber: 'X', containerNumber: 'Y' }];
    expect((await classify(pairs, carrier.tokens[1])).body.data.code).toBe('forbidden');
    const basic = await signedInOrganization(server);
    await server
      .knex('organization_features')
      .insert({ organization_id: basic.id, feature: 'canBulkOperations', enabled: false });
    const token = await tokenFor(server, basic.users[1]!.id);
    const refused = await classify(pairs, token);
    expect(refused.status).toBe(403);
    expect(refused.body.data.code).toBe('subscription_required');
    const file = await postBulkFile(server, 'p.csv', Buffer.from('BL;C\nX;Y\n'), token);
    expect(file.body.data.code).toBe('subscription_required');
    const anonymous = await calls.api('bulk-operations/classifications', {
      method: 'POST',
      body: { pairs },
    });
    expect(anonymous.status).toBe(401);
  });

  it('answers 400 with a clear message for bad bodies', async () => {
    for (const body of [{}, { pairs: [] }, { pairs: [{ blNumber: 'X' }] }, { pairs: 'X;Y' }]) {
      const answer = await calls.api('bulk-operations/classifications', {
        method: 'POST',
        token: forwarder.tokens[1],
        body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.data.code).toBe('validation_failed');
    }
  });
});

const pairOf = (release: { blNumber: string; containerNumber: string }) => ({
  blNumber: release.blNumber,
  containerNumber: release.containerNumber,
});

async function statementCount() {
  const [count] = await server.knex('ledger_statements').count({ n: '*' });
  return Number(count!.n);
}
