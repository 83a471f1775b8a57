import * as XLSX from '@e965/xlsx';
import {
  addDays,
  formatTypedDate,
  todayInBrussels,
  uploadMessages,
  uploadTemplateHeaderRow,
} from '@scr/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../releases/upload/zip-bombs.ts';
import { releaseTerminal, uniqueBl, uniqueContainer } from '../../test/factories-releases.ts';
import { utf16Bytes, windows1252Bytes } from '../../test/office-csv.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import {
  apiCaller,
  signedInOrganization,
  type Answer,
  type SignedInOrganization,
} from '../../test/admin-kit.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;
let carrier: SignedInOrganization;
let terminal: string;
const today = todayInBrussels();
const header = [...uploadTemplateHeaderRow];

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
  carrier = await signedInOrganization(server, { role: 'carrier' });
  terminal = await releaseTerminal(server.knex);
});
afterAll(() => server?.stop());

/** POST /api/release-uploads as the web does: a multipart form with one `file`. */
async function upload(fileName: string, bytes: Buffer, token = carrier.tokens[1]): Promise<Answer> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), fileName);
  const response = await fetch(`${server.baseUrl}/api/release-uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/** An Excel serial date, as a real date cell of a sheet. */
function dateCell(iso: string) {
  const serial = (Date.parse(`${iso}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
  return { t: 'n', v: serial, z: 'dd/mm/yyyy' };
}

/** One data row in the spec's column order. */
function row(fields: {
  bl?: string;
  container?: string;
  pickup?: string;
  from?: unknown;
  until?: unknown;
  vessel?: string;
}) {
  return [
    fields.bl ?? uniqueBl(),
    'CNSHA',
    'BEANR',
    fields.vessel ?? 'MSC Anna',
    '2026001',
    '9876543',
    'V01',
    fields.container ?? uniqueContainer(),
    '40HC',
    fields.pickup ?? terminal,
    'Depot A',
    'REF-A',
    '',
    '',
    '',
    '',
    fields.from ?? '',
    fields.until ?? '',
  ];
}

function workbook(
  rows: unknown[][],
  bookType: 'xlsx' | 'xls' | 'csv',
  options: XLSX.WritingOptions = {},
): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Releases');
  return XLSX.write(book, { type: 'buffer', bookType, ...options }) as Buffer;
}

const csvOf = (lines: unknown[][]) =>
  Buffer.from(`${lines.map((cells) => cells.join(';')).join('\n')}\n`);

const countOf = async () =>
  Number(
    (
      await server.knex('releases').where({ carrier_organization_id: carrier.id }).count({ n: '*' })
    )[0]!.n,
  );

describe('POST /release-uploads (releases spec §5 "Multi-upload of releases")', () => {
  it('creates the good rows of an .xlsx with real dates and reports the bad ones, creating none of them', async () => {
    const good = [
      row({ from: dateCell(today), until: dateCell(addDays(today, 20)) }),
      row({ from: '', until: '' }),
    ];
    const pastDue = row({
      until: dateCell(addDays(today, -1)),
      from: dateCell(addDays(today, -5)),
    });
    const unknownTerminal = row({ pickup: 'NOPE' });
    const noBl = row({ bl: '' });
    const before = await countOf();
    const answer = await upload(
      'releases.xlsx',
      workbook([header, good[0]!, pastDue, [], good[1]!, unknownTerminal, noBl], 'xlsx'),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ fileName: 'releases.xlsx', created: 2, failed: 3 });
    expect(answer.body.rows).toEqual([
      {
        row: 2,
        blNumber: good[0]![0],
        containerNumber: good[0]![7],
        address: expect.stringMatching(/^0x/),
      },
      {
        row: 3,
        blNumber: pastDue[0],
        containerNumber: pastDue[7],
        errors: { validUntil: 'releases.validation.validUntilInPast' },
      },
      {
        row: 5,
        blNumber: good[1]![0],
        containerNumber: good[1]![7],
        address: expect.stringMatching(/^0x/),
      },
      {
        row: 6,
        blNumber: unknownTerminal[0],
        containerNumber: unknownTerminal[7],
        errors: { pickupLocation: 'releases.validation.invalidTerminal' },
      },
      {
        row: 7,
        blNumber: '',
        containerNumber: noBl[7],
        errors: { blNumber: 'releases.validation.blNumberRequired' },
      },
    ]);
    expect(await countOf()).toBe(before + 2);
    const first = await api(`releases/${answer.body.rows[0].address}`, {
      token: carrier.tokens[1],
    });
    expect(first.body).toMatchObject({
      validFrom: today,
      validUntil: addDays(today, 20),
      isoTypeCode: '40HC',
      vessel: 'MSC Anna',
      turnInLocation: 'Depot A',
      turnInReference: 'REF-A',
      turnInLocationBarge: null,
    });
    const defaulted = await api(`releases/${answer.body.rows[2].address}`, {
      token: carrier.tokens[1],
    });
    expect(defaulted.body).toMatchObject({ validFrom: today, validUntil: addDays(today, 60) });
    const events = await server
      .knex('release_events')
      .where({ release_address: answer.body.rows[0].address });
    expect(events).toEqual([expect.objectContaining({ operation: 'create', sequence: 1 })]);
  });

  it('reads an .xls with DD/MM/YYYY text dates', async () => {
    const line = row({ from: formatTypedDate(today), until: formatTypedDate(addDays(today, 9)) });
    const answer = await upload(
      'releases.xls',
      workbook([header, line], 'xls', { bookType: 'biff8' }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ created: 1, failed: 0 });
    const made = await api(`releases/${answer.body.rows[0].address}`, { token: carrier.tokens[1] });
    expect(made.body).toMatchObject({ validUntil: addDays(today, 9), containerNumber: line[7] });
  });

  it('reads a UTF-8 .csv (byte order mark, semicolons, YYYY-MM-DD dates, accented text)', async () => {
    const line = row({ vessel: 'Måersk Ünö', from: today, until: addDays(today, 3) });
    const csv = `\ufeff${[header, line].map((cells) => cells.join(';')).join('\r\n')}\r\n`;
    const answer = await upload('releases.csv', Buffer.from(csv, 'utf8'));
    expect(answer.status).toBe(201);
    expect(answer.body.rows[0]).toMatchObject({ blNumber: line[0], address: expect.any(String) });
    const made = await api(`releases/${answer.body.rows[0].address}`, { token: carrier.tokens[1] });
    expect(made.body).toMatchObject({ vessel: 'Måersk Ünö', validUntil: addDays(today, 3) });
  });

  it('gives a repeated file name a numeric suffix, per organisation', async () => {
    const file = () => workbook([header, row({})], 'xlsx');
    const names = [];
    for (let i = 0; i < 3; i += 1)
      names.push((await upload('manifest.xlsx', file())).body.storedName);
    expect(names).toEqual(['manifest.xlsx', 'manifest (1).xlsx', 'manifest (2).xlsx']);
    const other = await signedInOrganization(server, { role: 'carrier' });
    expect((await upload('manifest.xlsx', file(), other.tokens[1])).body.storedName).toBe(
      'manifest.xlsx',
    );
    const kept = await server
      .knex('release_uploads')
      .where({ organization_id: carrier.id, file_name: 'manifest.xlsx' });
    expect(
      kept.map((u) => [u.stored_name, u.created_count, u.error_count, u.created_by]),
    ).toContainEqual(['manifest (2).xlsx', 1, 0, carrier.users[1]!.id]);
  });

  it('announces its releases, not itself: the file never travels in an event', async () => {
    const heard: unknown[] = [];
    const listen = (data: unknown) => heard.push(data);
    server.portal.app.service('release-uploads').on('created', listen);
    try {
      const answer = await upload('quiet.xlsx', workbook([header, row({})], 'xlsx'));
      expect(answer.status).toBe(201);
      expect(heard).toEqual([]);
    } finally {
      server.portal.app.service('release-uploads').off('created', listen);
    }
  });

  it('takes JSON {fileName, contentBase64} too', async () => {
    const answer = await api('release-uploads', {
      method: 'POST',
      token: carrier.tokens[1],
      body: {
        fileName: 'json.xlsx',
        contentBase64: workbook([header, row({})], 'xlsx').toString('base64'),
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.created).toBe(1);
  });
});

describe('releases spec §5 "Multi-upload": files as offices save them', () => {
  const lines = (rows: unknown[][], separator: string) =>
    `${rows.map((cells) => cells.join(separator)).join('\r\n')}\r\n`;
  const release = async (address: string) =>
    (await api(`releases/${address}`, { token: carrier.tokens[1] })).body;

  it('reads a Windows-1252 .csv, Excel’s "CSV" with semicolons, accented names intact', async () => {
    const line = row({ vessel: 'Société Générale', from: today, until: addDays(today, 5) });
    line[10] = 'Müller’s depot – Œuvre';
    const answer = await upload('excel.csv', windows1252Bytes(lines([header, line], ';')));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ created: 1, failed: 0 });
    expect(await release(answer.body.rows[0].address)).toMatchObject({
      vessel: 'Société Générale',
      turnInLocation: 'Müller’s depot – Œuvre',
    });
  });

  it('reads UTF-16LE with its byte order mark (Excel’s "Unicode text", tabs) and UTF-16BE', async () => {
    const tabbed = row({ vessel: 'Ålesund Çelik', from: today, until: addDays(today, 4) });
    const little = await upload('unicode.csv', utf16Bytes(lines([header, tabbed], '\t'), 'le'));
    expect(little.status).toBe(201);
    expect(little.body).toMatchObject({ created: 1, failed: 0 });
    expect(await release(little.body.rows[0].address)).toMatchObject({ vessel: 'Ålesund Çelik' });
    const big = await upload('big-end.csv', utf16Bytes(lines([header, row({})], ','), 'be'));
    expect(big.body).toMatchObject({ created: 1, failed: 0 });
  });

  it('refuses a file its byte order mark says is UTF-16LE but is not, naming the encoding', async () => {
    const broken = Buffer.concat([
      utf16Bytes(lines([header, row({})], ';'), 'le'),
      Buffer.from([0x41]),
    ]);
    const before = await countOf();
    const answer = await upload('broken.csv', broken);
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual({ file: 'releases.upload.encoding' });
    expect(answer.body.message).toBe(
      'The file cannot be read as UTF-16LE text: save it again as "CSV UTF-8"',
    );
    expect(await countOf()).toBe(before);
  });

  it('warns per row how a typed date that could be read month first was read (DD/MM/YYYY)', async () => {
    const year = Number(today.slice(0, 4)) + 1;
    const ambiguous = row({ from: `3/4/${year}`, until: `25/12/${year}` });
    const plain = row({ from: `13/4/${year}`, until: `25/12/${year}` });
    const answer = await upload('dates.csv', Buffer.from(lines([header, ambiguous, plain], ';')));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ created: 2, failed: 0 });
    expect(answer.body.rows[0].warnings).toEqual([
      {
        field: 'validFrom',
        key: 'releases.upload.ambiguousDate',
        values: { typed: `3/4/${year}`, day: '3', month: '4', year: String(year) },
        message: `"3/4/${year}" was read as day 3, month 4, ${year}: dates are read as DD/MM/YYYY`,
      },
    ]);
    expect(answer.body.rows[1].warnings).toBeUndefined();
    expect(await release(answer.body.rows[0].address)).toMatchObject({
      validFrom: `${year}-04-03`,
    });
  });

  it('finds the header below a title row and keeps the sheet’s row numbers', async () => {
    const line = row({});
    const answer = await upload(
      'titled.xlsx',
      workbook([['Releases week 12 – Solent Lines'], [], header, line], 'xlsx'),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.rows).toEqual([
      expect.objectContaining({ row: 4, blNumber: line[0], address: expect.any(String) }),
    ]);
  });

  it('refuses a title with no header below it, naming the row the header was expected on', async () => {
    const before = await countOf();
    const answer = await upload('untitled.csv', Buffer.from(lines([['Releases'], row({})], ';')));
    expect(answer.status).toBe(400);
    expect(answer.body.data.fields).toEqual({ file: 'releases.upload.headerNotFound' });
    expect(answer.body.message).toBe(
      'The header is not on row 1, which holds "Releases", nor on the rows below it up to row 2: put the header row of the template on row 1',
    );
    expect(await countOf()).toBe(before);
  });
});

describe('files refused whole (DESIGN §3: checked by content, size and row count before parsing)', () => {
  const rows = (n: number) => Array.from({ length: n }, () => row({}));
  const refusals: [string, string, number, () => Buffer][] = [
    ['notes.txt', 'fileType', 400, () => Buffer.from('BL;container\n')],
    ['releases.xlsx', 'notSpreadsheet', 400, () => Buffer.from('\x89PNG\r\n\x1a\nxxxx', 'binary')],
    ['releases.xlsx', 'notSpreadsheet', 400, () => Buffer.from('PK\x03\x04 no zip', 'binary')],
    [
      'releases.csv',
      'notSpreadsheet',
      400,
      () => Buffer.from([0x42, 0x4c, 0x00, 0x01, 0xff, 0xfe]),
    ],
    ['releases.xls', 'notSpreadsheet', 400, () => Buffer.from('BL;container\nA;B\n')],
    ['releases.csv', 'empty', 400, () => Buffer.alloc(0)],
    ['releases.xlsx', 'empty', 400, () => workbook([header], 'xlsx')],
    ['releases.csv', 'empty', 400, () => Buffer.from(`${header.join(';')}\n;;;\n\n`)],
    ['releases.csv', 'tooManyRows', 400, () => csvOf([header, ...rows(5001)])],
    ['releases.xlsx', 'tooManyRows', 400, () => workbook([header, ...rows(5001)], 'xlsx')],
    ['releases.csv', 'tooLarge', 413, () => Buffer.alloc(5 * 1024 * 1024 + 1, 'a')],
    // Issue 9 §4: an honest bomb, 190 KB declaring (and inflating to) 190 MB.
    ['releases.xlsx', 'tooComplex', 413, () => xlsxBomb([header, row({})], 190, false)],
  ];

  it.each(refusals)(
    'refuses %s (%s, %i) with a clear message and creates nothing',
    async (name, reason, status, bytes) => {
      const before = await countOf();
      const answer = await upload(name, bytes());
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(uploadMessages[reason as keyof typeof uploadMessages]);
      expect(answer.body.data.fields).toEqual({ file: `releases.upload.${reason}` });
      expect(await countOf()).toBe(before);
    },
  );

  it('refuses a file over 5 MB sent as JSON too, and a form without a file', async () => {
    const big = await api('release-uploads', {
      method: 'POST',
      token: carrier.tokens[1],
      body: {
        fileName: 'big.csv',
        contentBase64: Buffer.alloc(5 * 1024 * 1024 + 1, 'a').toString('base64'),
      },
    });
    expect(big.status).toBe(413);
    const form = new FormData();
    form.append('note', 'no file');
    const response = await fetch(`${server.baseUrl}/api/release-uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${carrier.tokens[1]}` },
      body: form,
    });
    expect(response.status).toBe(400);
    const refused = (await response.json()) as Answer['body'];
    expect(refused.data.fields).toEqual({ file: 'releases.upload.fileRequired' });
  });

  it('issue 15: refuses a wrong or missing header once, naming the columns, and creates nothing', async () => {
    const swapped = [...header];
    [swapped[0], swapped[7]] = [header[7]!, header[0]!];
    const before = await countOf();
    const wrong = await upload('swapped.xlsx', workbook([swapped, row({}), row({})], 'xlsx'));
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual({ file: 'releases.upload.wrongHeader' });
    expect(wrong.body.message).toBe(
      'The header row does not match the template: column A is "Container number" where the template has "BL"; column H is "BL" where the template has "Container number"',
    );
    const missing = await upload('no-header.csv', csvOf([row({}), row({})]));
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields).toEqual({ file: 'releases.upload.missingHeader' });
    expect(await countOf()).toBe(before);
  });

  it('issue 15: names the expected check digit of a wrong container number in its row', async () => {
    const answer = await upload('digits.csv', csvOf([header, row({ container: 'MSCU1234567' })]));
    expect(answer.status).toBe(201);
    expect(answer.body.rows[0].errors).toEqual({
      containerNumber: 'releases.validation.checkDigit',
    });
  });

  it('is for carriers only (releases spec §6)', async () => {
    const forwarder = await signedInOrganization(server, { role: 'other' });
    const answer = await upload(
      'releases.xlsx',
      workbook([header, row({})], 'xlsx'),
      forwarder.tokens[1],
    );
    expect(answer.status).toBe(403);
  });
});

describe('issue 9 §4: uploads that cannot stall the server', () => {
  it('refuses a lying zip bomb (1 MB declaring KBs, inflating to 1 GB) while /health answers within 200 ms', async () => {
    const bomb = xlsxBomb([header, row({})], 1024, true);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = await countOf();
    let done = false;
    const uploading = upload('bomb.xlsx', bomb).finally(() => {
      done = true;
    });
    const healthTimes: number[] = [];
    while (!done) {
      const started = performance.now();
      const health = await fetch(`${server.baseUrl}/health`);
      expect(health.status).toBe(200);
      healthTimes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await uploading;
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(uploadMessages.tooComplex);
    expect(answer.body.data.fields).toEqual({ file: 'releases.upload.tooComplex' });
    expect(healthTimes.length).toBeGreaterThan(0);
    expect(Math.max(...healthTimes)).toBeLessThan(200);
    expect(await countOf()).toBe(before);
  });
});
