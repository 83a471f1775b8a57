import { bulkFileMessages } from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../releases/upload/zip-bombs.ts';
import { type SignedInOrganization } from '../../test/admin-kit.ts';
import { actingAs, custodyCaller, releaseSnapshot, signedInChain } from '../../test/custody.ts';
import { createRelease, releaseTerminal } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { postBulkFile, sharedStringsBomb, workbookOf } from './bulk-test-kit.ts';

let server: TestServer;
let forwarder: SignedInOrganization;
let release: { address: string; blNumber: string; containerNumber: string };
const header = ['BL number', 'Container number'];

beforeAll(async () => {
  server = await startTestApp();
  const chain = await signedInChain(server, [{}, {}]);
  const carrier = chain[0];
  forwarder = chain[1];
  release = await createRelease(server, carrier, {
    pickupLocation: await releaseTerminal(server.knex),
    pincode: '1234',
  });
  const moved = await custodyCaller(server).act(
    actingAs(carrier),
    'transfer',
    [release.address],
    forwarder.address,
  );
  expect(moved.applied.status).toBe(201);
});
afterAll(() => server?.stop());

const upload = (name: string, bytes: Buffer) =>
  postBulkFile(server, name, bytes, forwarder.tokens[1]!);

describe('issue 13: hostile bulk workbooks are refused or neutralised, and nothing changes', () => {
  it('never evaluates a formula: a cell is its cached value, a text beginning with = stays text', async () => {
    const formula = { t: 's', v: release.blNumber, f: `CONCATENATE("${release.blNumber}")` };
    const answer = await upload(
      'formulas.xlsx',
      workbookOf([
        header,
        [formula, release.containerNumber],
        ['=1+2', '=HYPERLINK("http://evil.test","x")'],
        [{ t: 'n', v: 7, f: 'SUM(3,4)' }, '@SUM(1)'],
      ]),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.pairs).toEqual([
      { row: 2, blNumber: release.blNumber, containerNumber: release.containerNumber },
      // Text, as a container number is read (domain normalizeContainerNumber drops / . - and spaces).
      { row: 3, blNumber: '=1+2', containerNumber: '=HYPERLINK("HTTP:EVILTEST","X")' },
      { row: 4, blNumber: '7', containerNumber: '@SUM(1)' },
    ]);
    expect(JSON.stringify(answer.body)).not.toContain('CONCATENATE');
  });

  it('reads a huge shared-strings table within the cap in the worker, answering only the sheet', async () => {
    const before = await releaseSnapshot(server.knex, release.address);
    // 20 MiB: 655,360 strings the sheet never refers to, in 60 kB.
    const answer = await upload('strings.xlsx', sharedStringsBomb([header, ['A', 'B']], 20, true));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      fileName: 'strings.xlsx',
      pairs: [{ row: 2, blNumber: 'A', containerNumber: 'B' }],
      problems: [],
    });
    expect(await releaseSnapshot(server.knex, release.address)).toEqual(before);
  });

  const refusals: [string, string, number, () => Buffer][] = [
    // 80 MiB of shared strings in 160 kB, its directory lying: inflating stops at the cap.
    ['strings.xlsx', 'tooComplex', 413, () => sharedStringsBomb([header, ['A', 'B']], 80, true)],
    [
      'strings-honest.xlsx',
      'tooComplex',
      413,
      () => sharedStringsBomb([header, ['A', 'B']], 80, false),
    ],
    // A lying zip bomb: 1 MB declaring kilobytes, inflating to 1 GB.
    ['bomb.xlsx', 'tooComplex', 413, () => xlsxBomb([header, ['A', 'B']], 1024, true)],
    ['page.xlsx', 'notSpreadsheet', 400, () => Buffer.from(html)],
    ['page.xls', 'notSpreadsheet', 400, () => Buffer.from(html)],
    ['pairs.txt', 'fileType', 400, () => Buffer.from('BL;C\nA;B\n')],
    ['pairs.csv', 'tooManyRows', 400, () => Buffer.from(`BL;C\n${'A;B\n'.repeat(10_001)}`)],
    ['pairs.xlsx', 'empty', 400, () => workbookOf([header])],
  ];

  it.each(refusals)('refuses %s (%s, %i) with its message', async (name, reason, status, bytes) => {
    const before = await releaseSnapshot(server.knex, release.address);
    const started = Date.now();
    const answer = await upload(name, bytes());
    expect(answer.status).toBe(status);
    expect(answer.body.message).toBe(bulkFileMessages[reason as keyof typeof bulkFileMessages]);
    expect(answer.body.data.fields).toEqual({ file: `releases.bulk.file.${reason}` });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(await releaseSnapshot(server.knex, release.address)).toEqual(before);
  });
});

const html = `<html><body><table><tr><td>BL</td><td>Container</td></tr>
<tr><td>=cmd|' /C calc'!A0</td><td>X</td></tr></table><script>alert(1)</script></body></html>`;
