import { read, utils } from '@e965/xlsx';
import type { DownloadGroup } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { assembleFile } from './browser-file.ts';

const group: DownloadGroup = {
  bill: {
    blNumber: 'SOLU1234567',
    vessel: '=Scheldt Star',
    voyageNumber: 'V12',
    portOfLoading: 'Shanghai',
    portOfDestination: 'Antwerpen',
    carrier: 'Ocean Lines',
  },
  containers: ['0xR1', '0xR2'].map((address, i) => ({
    address,
    containerNumber: `MSKU123456${i}`,
    isoTypeCode: '20DV',
    pickupLocation: 'K1742',
    turnInLocation: '+32 depot',
    validFrom: '2026-03-01',
    validUntil: '2026-04-30',
    releaseStatus: 'released',
    transferStatus: 'pinRetrieved',
    receivedFrom: 'Ocean Lines',
    transferTo: null,
    assignee: null,
  })),
};

const options = {
  language: 'de' as const,
  organization: 'Kempen Forwarding BV',
  at: new Date('2026-03-01T12:00:00Z'),
  pincodes: new Map([['0xr1', '482916']]),
};

describe('issue 13 item 2: files with pincodes, assembled in the browser (read back with SheetJS)', () => {
  it('Excel, flat, in German: headers, rows, the pincodes opened, cells neutralised', async () => {
    const blob = await assembleFile('xlsx', [group], { ...options, layout: 'flat' });
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = read(new Uint8Array(await blob.arrayBuffer()));
    expect(book.SheetNames).toEqual(['Freigaben']);
    const rows = utils.sheet_to_json<string[]>(book.Sheets.Freigaben!, { header: 1, defval: '' });
    expect(rows[1]![0]).toBe('Organisation: Kempen Forwarding BV');
    expect(rows[2]![0]).toBe('Heruntergeladen am: 01/03/2026 13:00:00');
    expect(rows[4]!.slice(0, 3)).toEqual(['Containernummer', 'BL-Nummer', 'Schiff']);
    expect(rows[4]!.at(-1)).toBe('PIN-Code');
    expect(rows[5]).toEqual(
      expect.arrayContaining(['MSKU1234560', "'=Scheldt Star", "'+32 depot", 'PIN abgerufen']),
    );
    expect(rows[5]!.at(-1)).toBe('482916');
    expect(rows[6]!.at(-1)).toBe('nicht abgerufen');
  });

  it('CSV, grouped: one row per container, its BL fields as columns, with their pincodes (releases spec §5)', async () => {
    const blob = await assembleFile('csv', [group], { ...options, layout: 'grouped' });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    // One byte-order mark, so spreadsheets read UTF-8 (`Blob.text()` would drop it).
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).split('\r\n');
    expect(lines[0]!.startsWith('\uFEFFBL-Nummer,Schiff,Reisenummer,')).toBe(true);
    // No BL heading line: grouping belongs to the PDF and print.
    expect(lines.filter(Boolean)).toHaveLength(3);
    expect(lines[1]).toMatch(
      /^SOLU1234567,'=Scheldt Star,V12,Shanghai,Antwerpen,Ocean Lines,MSKU1234560,.*,482916$/,
    );
    expect(lines[2]).toMatch(/^SOLU1234567,.*,MSKU1234561,.*,nicht abgerufen$/);
  });
});
