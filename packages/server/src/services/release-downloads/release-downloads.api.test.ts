import { read, utils } from '@e965/xlsx';
import { wordsFor } from '@scr/domain';
import { parse } from 'csv-parse/sync';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, signedInOrganization } from '../../test/admin-kit.ts';
import { downloadCriteria, downloadGroups } from '../../releases/downloads/download-groups.ts';
import { addParty, createRelease } from '../../test/factories-releases.ts';
import { startTestApp, type TestServer } from '../../test/start-app.ts';

let server: TestServer;
let api: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  server = await startTestApp();
  api = apiCaller(server);
});
afterAll(() => server?.stop());

/** A forwarder holding three releases of two BLs (one of them hostile) and a carrier's fourth. */
async function forwarderWithReleases() {
  const token = randomBytes(4).toString('hex');
  const vessel = `Ställe Ñoël œuvre ß ${token}`;
  const carrier = await signedInOrganization(server, { role: 'carrier' });
  const forwarder = await signedInOrganization(server);
  const first = await createRelease(server, carrier, { vessel, turnInLocation: '=cmd|calc!A0' });
  const second = await createRelease(server, carrier, { vessel, blNumber: first.blNumber });
  const third = await createRelease(server, carrier, { vessel, voyageNumber: '@SUM(1)' });
  const notPassedOn = await createRelease(server, carrier, { vessel });
  for (const release of [first, second, third]) {
    await addParty(server.knex, release.address, forwarder.id);
  }
  return { token, vessel, carrier, forwarder, releases: [first, second, third], notPassedOn };
}
type World = Awaited<ReturnType<typeof forwarderWithReleases>>;

/** The raw answer of a download: status, headers, bytes. */
async function download(token: string, body: object, path = 'releases/download') {
  const response = await fetch(`${server.baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

let world: World;
beforeAll(async () => {
  world = await forwarderWithReleases();
});

describe('releases spec §5 "Download", §7 POST /releases/download: read back with independent readers', () => {
  it('CSV, flat, in German and in English: the rows of the search, headers translated, = and @ neutralised (csv-parse)', async () => {
    const { forwarder, token, releases, notPassedOn } = world;
    const asked = { search: token, format: 'csv', layout: 'flat' };
    const { response, bytes } = await download(forwarder.tokens[0]!, { ...asked, language: 'de' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="releases-flat-\d{8}-\d{6}\.csv"$/,
    );
    expect(response.headers.get('x-release-count')).toBe('3');
    const rows: string[][] = parse(bytes, { bom: true, relax_column_count: true });
    expect(rows[0]!.slice(0, 4)).toEqual(['Containernummer', 'BL-Nummer', 'Schiff', 'Reisenummer']);
    const containers = rows.slice(1).map((row) => row[0]);
    expect(containers.sort()).toEqual(releases.map((r) => r.containerNumber).sort());
    expect(containers).not.toContain(notPassedOn.containerNumber);
    const hostile = rows.find((row) => row[0] === releases[0]!.containerNumber)!;
    expect(hostile).toContain("'=cmd|calc!A0");
    expect(hostile).toContain('Freigegeben');
    const other = rows.find((row) => row[0] === releases[2]!.containerNumber)!;
    expect(other[3]).toBe("'@SUM(1)");

    const english = await download(forwarder.tokens[0]!, { ...asked, language: 'en' });
    const [header] = parse(english.bytes, { bom: true, relax_column_count: true }) as string[][];
    expect(header!.slice(0, 4)).toEqual([
      'Container number',
      'BL number',
      'Vessel',
      'Voyage number',
    ]);
  });

  it('Excel, grouped by BL, in French and Dutch: title block, one row per container with its BL fields as columns, neutralised cells (@e965/xlsx)', async () => {
    const { forwarder, token, releases, vessel } = world;
    const { response, bytes } = await download(forwarder.tokens[1]!, {
      filter: { vessel: token },
      format: 'xlsx',
      layout: 'grouped',
      language: 'fr',
    });
    expect(response.status).toBe(200);
    const book = read(bytes, { type: 'buffer', cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(Object.values(sheet).some((cell) => (cell as { f?: string }).f)).toBe(false);
    const rows = utils.sheet_to_json<string[]>(sheet, { header: 1, defval: '' });
    expect(rows[0]![0]).toBe('Libérations');
    expect(rows[1]![0]).toBe(`Organisation: ${forwarder.name}`);
    expect(rows[2]![0]).toMatch(/^Téléchargé le: \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(rows[4]!.slice(0, 8)).toEqual([
      'Numéro de BL',
      'Navire',
      'Numéro de voyage',
      'Port de chargement',
      'Port de destination',
      'Transporteur',
      'Numéro de conteneur',
      'Type de conteneur',
    ]);
    // Releases spec §5: grouping is for the PDF and print; a sheet has no BL heading rows.
    const data = rows.slice(5);
    expect(data).toHaveLength(3);
    expect(data.map((row) => row[6]).sort()).toEqual(releases.map((r) => r.containerNumber).sort());
    expect(data.every((row) => row[1] === vessel)).toBe(true);
    expect(data.filter((row) => row[0] === releases[0]!.blNumber)).toHaveLength(2);
    expect(rows.some((row) => String(row[0]).startsWith('Numéro de BL '))).toBe(false);
    const hostile = data.find((row) => row[6] === releases[0]!.containerNumber)!;
    expect(hostile[9]).toBe("'=cmd|calc!A0");

    const dutch = await download(forwarder.tokens[1]!, {
      filter: { vessel: token },
      format: 'xlsx',
      layout: 'flat',
      language: 'nl',
    });
    const flat = utils.sheet_to_json<string[]>(
      read(dutch.bytes, { type: 'buffer' }).Sheets.Vrijgaven!,
      { header: 1, defval: '' },
    );
    expect(flat[4]!.slice(0, 3)).toEqual(['Containernummer', 'BL-nummer', 'Schip']);
    expect(
      flat
        .slice(5)
        .map((row) => row[0])
        .sort(),
    ).toEqual(releases.map((r) => r.containerNumber).sort());
  });

  it('CSV grouped by BL, in English: one row per container, the BL fields as its first columns, no heading rows (csv-parse)', async () => {
    const { forwarder, token, releases, vessel } = world;
    const { response, bytes } = await download(forwarder.tokens[0]!, {
      search: token,
      format: 'csv',
      layout: 'grouped',
      language: 'en',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/releases-grouped-[\d-]+\.csv"$/);
    const rows: string[][] = parse(bytes, { bom: true });
    expect(rows[0]!.slice(0, 7)).toEqual([
      'BL number',
      'Vessel',
      'Voyage number',
      'Port of loading',
      'Port of destination',
      'Carrier',
      'Container number',
    ]);
    // Every row has the header's width: no one-cell BL heading among them.
    expect(rows.every((row) => row.length === rows[0]!.length)).toBe(true);
    const data = rows.slice(1);
    expect(data.map((row) => row[6]).sort()).toEqual(releases.map((r) => r.containerNumber).sort());
    for (const row of data) {
      const release = releases.find((r) => r.containerNumber === row[6])!;
      expect(row[0]).toBe(release.blNumber);
      expect(row[1]).toBe(vessel);
    }
  });

  it("PDF in Dutch and Italian: the organisation, the date, the rows and every language's characters (pdftotext)", async () => {
    const { forwarder, releases, vessel } = world;
    const selected = releases.map((release) => release.address);
    for (const [language, headers] of [
      ['nl', ['Containernummer', 'Vrijgavestatus', 'Organisatie', 'Gedownload op']],
      ['it', ['Numero container', 'Stato del rilascio', 'Organizzazione', 'Scaricato il']],
    ] as const) {
      const { response, bytes } = await download(forwarder.tokens[0]!, {
        selectedContainerAddresses: selected,
        format: 'pdf',
        layout: 'grouped',
        language,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString();
      for (const header of headers) expect(text).toContain(header);
      expect(text).toContain(forwarder.name);
      expect(text).toMatch(/\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/);
      for (const release of releases) expect(text).toContain(release.containerNumber);
      expect(text).toContain(vessel);
      // Domain pdfDocumentOptions: A4 landscape, the title and the organisation in its properties.
      const info = Object.fromEntries(
        execFileSync('pdfinfo', ['-'], { input: bytes })
          .toString()
          .split('\n')
          .map((line) => /^([^:]+):\s+(.*)$/.exec(line)?.slice(1, 3) ?? []),
      ) as Record<string, string>;
      expect(info['Page size']).toBe('841.89 x 595.28 pts (A4)');
      expect(info.Title).toBe(wordsFor(language).title);
      expect(info.Author).toBe(forwarder.name);
    }
  });
});

describe('releases spec §5, §6, DESIGN §3: what a download refuses', () => {
  const file = { format: 'csv', layout: 'flat', language: 'en' };

  it('without a search, a filter or a selection: 400 download_scope_required', async () => {
    const answer = await api('releases/download', {
      method: 'POST',
      token: world.forwarder.tokens[0],
      body: { ...file, filter: { valid: 'showOnlyValid' } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('download_scope_required');
    const rows = await api('releases/download/get', {
      method: 'POST',
      token: world.forwarder.tokens[0],
      body: { search: '  ' },
    });
    expect(rows.body.data.code).toBe('download_scope_required');
  });

  it('with pincodes: refused, the server never holds one in clear', async () => {
    const answer = await api('releases/download', {
      method: 'POST',
      token: world.forwarder.tokens[0],
      body: { ...file, search: world.token, fetchPincode: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.data.code).toBe('download_pincodes_in_browser');
  });

  it('for a carrier: 403; for no one signed in: 401; a bad format: 400', async () => {
    const carrier = await api('releases/download', {
      method: 'POST',
      token: world.carrier.tokens[0],
      body: { ...file, search: world.token },
    });
    expect(carrier.status).toBe(403);
    const anonymous = await api('releases/download', {
      method: 'POST',
      body: { ...file, search: world.token },
    });
    expect(anonymous.status).toBe(401);
    const bad = await api('releases/download', {
      method: 'POST',
      token: world.forwarder.tokens[0],
      body: { ...file, format: 'docx', search: world.token },
    });
    expect(bad.status).toBe(400);
  });

  it("another organisation's releases never appear, even selected by address", async () => {
    const outsider = await signedInOrganization(server);
    const { response, bytes } = await download(outsider.tokens[0]!, {
      ...file,
      selectedContainerAddresses: [world.releases[0]!.address, world.notPassedOn.address],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-release-count')).toBe('0');
    expect(parse(bytes, { bom: true })).toHaveLength(1);
  });
});

describe('releases spec §7 POST /releases/download/get: the rows for the browser', () => {
  it('streams NDJSON: a head with the count and organisation, then one BL group a line, no pincode', async () => {
    const { forwarder, token, releases } = world;
    const { response, bytes } = await download(
      forwarder.tokens[0]!,
      { search: token, includeadr: true },
      'releases/download/get',
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const [head, ...groups] = bytes
      .toString()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(head).toMatchObject({ total: 3, organization: forwarder.name });
    expect(groups).toHaveLength(2);
    const pair = groups.find((group) => group.bill.blNumber === releases[0]!.blNumber);
    expect(pair.containers.map((c: { address: string }) => c.address).sort()).toEqual(
      [releases[0]!.address, releases[1]!.address].sort(),
    );
    expect(pair.bill.carrier).toBe(world.carrier.name);
    expect(bytes.toString()).not.toMatch(/pincode/i);
  });

  it('issue 13 item 3: a clicked dashboard slice scopes a download as it filters the table', async () => {
    const slice = (value: string) =>
      download(
        world.forwarder.tokens[0]!,
        { slice: { field: 'releaseStatus', value } },
        'releases/download/get',
      );
    expect((await slice('released')).response.headers.get('x-release-count')).toBe('3');
    expect((await slice('blocked')).response.headers.get('x-release-count')).toBe('0');
  });
});

describe('issue 13 item 2: large downloads are read batch by batch', () => {
  it('keeps a BL whole when its containers fall in two batches, newest BL first', async () => {
    const { forwarder, token, releases } = world;
    const viewer = { organizationId: forwarder.id, seesTransferInfo: true };
    const criteria = downloadCriteria(forwarder.id, { search: token });
    for (const batchSize of [1, 2, 1000]) {
      const groups = [];
      for await (const group of downloadGroups(server.knex, viewer, criteria, batchSize)) {
        groups.push(group);
      }
      expect(groups.map((g) => [g.bill.blNumber, g.containers.length])).toEqual([
        [releases[2]!.blNumber, 1],
        [releases[0]!.blNumber, 2],
      ]);
    }
  });
});
