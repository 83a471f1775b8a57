import { describe, expect, it } from 'vitest';
import { languages } from '../languages.ts';
import {
  billHeading,
  downloadColumns,
  downloadFileName,
  downloadLines,
  downloadScopeRefusal,
  downloadWords,
  mayDownloadReleases,
  type DownloadGroup,
} from './download.ts';
import { csvDownloadWriter, xlsxDownloadWriter } from './download-writers.ts';

const sampleGroup: DownloadGroup = {
  bill: {
    blNumber: 'BL-7',
    vessel: 'Scheldt Star',
    voyageNumber: 'V12',
    portOfLoading: 'Shanghai',
    portOfDestination: 'Antwerpen',
    carrier: 'Ocean Lines',
  },
  containers: [
    {
      address: '0xAbC0000000000000000000000000000000000001',
      containerNumber: 'MSCU1234567',
      isoTypeCode: '20DV',
      pickupLocation: 'K1742',
      turnInLocation: '=HYPERLINK("x")',
      validFrom: '2026-03-01',
      validUntil: '2026-04-30',
      releaseStatus: 'released',
      transferStatus: 'owned',
      receivedFrom: 'Forwarder Ñoël',
      transferTo: null,
      assignee: null,
    },
  ],
};

describe('releases spec §5 "Download": needs a search, a filter or at least one selected row', () => {
  it('refuses a download with none of them', () => {
    expect(downloadScopeRefusal({})).toBe('download_scope_required');
    expect(downloadScopeRefusal({ search: '  ', selectedContainerAddresses: [] })).toBe(
      'download_scope_required',
    );
    // The default validity alone is no filter (the "Showing results for" banner's rule).
    expect(downloadScopeRefusal({ filter: { valid: 'showOnlyValid', vessel: '' } })).toBe(
      'download_scope_required',
    );
  });

  it('accepts a search, a filter or a selection', () => {
    expect(downloadScopeRefusal({ search: 'MSCU' })).toBeNull();
    expect(downloadScopeRefusal({ filter: { vessel: 'Star' } })).toBeNull();
    expect(downloadScopeRefusal({ filter: { valid: 'showBoth' } })).toBeNull();
    expect(downloadScopeRefusal({ selectedContainerAddresses: ['0x1'] })).toBeNull();
    // Releases spec §2: a clicked dashboard slice filters the table.
    expect(
      downloadScopeRefusal({ slice: { field: 'releaseStatus', value: 'blocked' } }),
    ).toBeNull();
  });
});

describe('releases spec §2, §6: download and print for non-carriers', () => {
  it('offers them to forwarders and terminals, not to carriers', () => {
    expect(mayDownloadReleases('other')).toBe(true);
    expect(mayDownloadReleases('terminal')).toBe(true);
    expect(mayDownloadReleases('carrier')).toBe(false);
  });
});

describe('issue 13 item 2: file names carry the date', () => {
  it('names the layout and the Brussels date and time', () => {
    const at = new Date('2026-03-01T13:15:02Z');
    expect(downloadFileName('pdf', 'grouped', at)).toBe('releases-grouped-20260301-141502.pdf');
    expect(downloadFileName('xlsx', 'flat', at)).toBe('releases-flat-20260301-141502.xlsx');
    expect(downloadFileName('csv', 'flat', at)).toBe('releases-flat-20260301-141502.csv');
  });
});

describe('releases spec §5 "Download": grouped by BL or flat, with or without pincodes', () => {
  it('puts the BL beside each container when flat, in a heading when grouped', () => {
    expect(downloadColumns('flat', false).slice(0, 4)).toEqual([
      'containerNumber',
      'blNumber',
      'vessel',
      'voyageNumber',
    ]);
    expect(downloadColumns('grouped', false)).not.toContain('blNumber');
    expect(downloadColumns('grouped', true).at(-1)).toBe('pincode');
    const [heading, row] = downloadLines(sampleGroup, 'grouped', downloadWords.nl);
    expect(heading).toEqual({
      kind: 'heading',
      text: 'BL-nummer BL-7 · Schip: Scheldt Star · Reisnummer: V12 · Laadhaven: Shanghai · Bestemmingshaven: Antwerpen · Rederij: Ocean Lines · 1 vrijgaven',
    });
    expect(row).toMatchObject({ kind: 'row' });
    expect(downloadLines(sampleGroup, 'flat', downloadWords.en)).toHaveLength(1);
  });

  it('grouped on a sheet (CSV, Excel): one row per container, its BL fields as columns, no heading', () => {
    expect(downloadColumns('grouped', false, 'sheet')).toEqual([
      'blNumber',
      'vessel',
      'voyageNumber',
      'portOfLoading',
      'portOfDestination',
      'carrier',
      ...downloadColumns('grouped', false),
    ]);
    expect(downloadColumns('grouped', true, 'sheet').at(-1)).toBe('pincode');
    expect(downloadColumns('flat', false, 'sheet')).toEqual(downloadColumns('flat', false));
    const lines = downloadLines(sampleGroup, 'grouped', downloadWords.en, null, 'sheet');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      kind: 'row',
      cells: expect.arrayContaining(['BL-7', 'Scheldt Star', 'V12', 'Shanghai', 'Antwerpen']),
    });
    expect(lines[0]!.kind === 'row' && lines[0]!.cells.slice(0, 7)).toEqual([
      'BL-7',
      'Scheldt Star',
      'V12',
      'Shanghai',
      'Antwerpen',
      'Ocean Lines',
      'MSCU1234567',
    ]);
  });

  it('shows dates as DD/MM/YYYY and statuses in the language asked', () => {
    const [row] = downloadLines(sampleGroup, 'flat', downloadWords.de);
    const cells = row!.kind === 'row' ? row!.cells : [];
    expect(cells).toContain('01/03/2026');
    expect(cells).toContain('30/04/2026');
    expect(cells).toContain('Freigegeben');
    expect(cells).toContain('In Ihrem Besitz');
  });

  it('fills the pincode the wallet opened, by address in any case, else "not retrieved"', () => {
    const opened = new Map([['0xabc0000000000000000000000000000000000001', '4711']]);
    const [, row] = downloadLines(sampleGroup, 'grouped', downloadWords.fr, opened);
    expect(row).toMatchObject({ kind: 'row', cells: expect.arrayContaining(['4711']) });
    const [, none] = downloadLines(sampleGroup, 'grouped', downloadWords.fr, new Map());
    expect(none!.kind === 'row' && none!.cells.at(-1)).toBe('non récupéré');
  });

  it('has every word in the five languages', () => {
    for (const language of languages) {
      const words = downloadWords[language];
      for (const text of Object.values(words.columns)) expect(text).not.toBe('');
      expect(billHeading(sampleGroup.bill, words, 2)).toContain('BL-7');
    }
  });
});

describe('issue 13 item 2, DESIGN §3: spreadsheet and CSV cells that begin with = + - @ are neutralised', () => {
  const options = {
    layout: 'flat' as const,
    language: 'en' as const,
    organization: '@Evil',
    at: new Date('2026-03-01T12:00:00Z'),
    pincodes: null,
  };

  it('CSV: one byte-order mark, the header, then the rows, neutralised', () => {
    const writer = csvDownloadWriter(options);
    const text = writer.begin() + writer.group(sampleGroup) + writer.end();
    expect(text.match(/\uFEFF/g)).toHaveLength(1);
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFContainer number,BL number,Vessel,Voyage number,Container type,Pick-up location,Turn-in location (truck),Valid from,Valid until,Release status,Transfer status,Received from,Transferred to,Assigned to',
    );
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('CSV and Excel grouped by BL: the BL fields as columns of every row, no heading rows', () => {
    const twoContainers: DownloadGroup = {
      ...sampleGroup,
      containers: [
        sampleGroup.containers[0]!,
        { ...sampleGroup.containers[0]!, containerNumber: 'MSCU7654321', turnInLocation: null },
      ],
    };
    const grouped = { ...options, layout: 'grouped' as const };
    const csv = csvDownloadWriter(grouped);
    const lines = (csv.begin() + csv.group(twoContainers) + csv.end()).split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFBL number,Vessel,Voyage number,Port of loading,Port of destination,Carrier,Container number,Container type,Pick-up location,Turn-in location (truck),Valid from,Valid until,Release status,Transfer status,Received from,Transferred to,Assigned to',
    );
    expect(lines.filter(Boolean)).toHaveLength(3);
    expect(
      lines[1]!.startsWith('BL-7,Scheldt Star,V12,Shanghai,Antwerpen,Ocean Lines,MSCU1234567,'),
    ).toBe(true);
    expect(
      lines[2]!.startsWith('BL-7,Scheldt Star,V12,Shanghai,Antwerpen,Ocean Lines,MSCU7654321,'),
    ).toBe(true);
    expect(lines.join('\n')).not.toContain('1 releases');

    const xlsx = xlsxDownloadWriter(grouped);
    const xml = xlsx.begin() + xlsx.group(twoContainers) + xlsx.end();
    expect(xml).not.toContain('2 releases');
    expect(xml.match(/<t xml:space="preserve">BL-7<\/t>/g)).toHaveLength(2);
  });

  it('Excel: inline text cells, neutralised and escaped; the organisation and date on top', () => {
    const writer = xlsxDownloadWriter(options);
    const xml = writer.begin() + writer.group(sampleGroup) + writer.end();
    expect(xml).toContain('Organisation: @Evil');
    expect(xml).toContain('Downloaded on: 01/03/2026 13:00:00');
    expect(xml).toContain('<t xml:space="preserve">\'=HYPERLINK(&quot;x&quot;)</t>');
    expect(xml).not.toContain('<f>');
    expect(xml.endsWith('</sheetData></worksheet>')).toBe(true);
  });
});
