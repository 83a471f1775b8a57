import type { BulkPair } from '@scr/domain';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { applyCorrections, classifyAll, type BulkRow } from './bulk-flow.ts';
import {
  bulkReportCsv,
  bulkReportFileName,
  bulkReportLines,
  outcomeCounts,
} from './bulk-report.ts';

const { t } = createI18n({ language: 'en' });
const de = createI18n({ language: 'de' }).t;

const row = (n: number, bulkClass: BulkRow['bulkClass'], address: string | null): BulkRow => ({
  row: n,
  blNumber: n === 5 ? '=HYPERLINK("x")' : 'BL1',
  containerNumber: `C${n}`,
  bulkClass,
  address,
});
const rows = [
  row(2, 'eligible', '0xA2'),
  row(3, 'eligible', '0xa3'),
  row(4, 'eligible', '0xa4'),
  row(5, 'notFoundOrNotOwned', null),
];

describe('issue 13 item 1: the bulk report, one line per row of the file', () => {
  it('says what became of each row: done with its pincode, refused, failed in the wallet, not included', () => {
    const lines = bulkReportLines(
      t,
      'pincode',
      rows,
      [{ row: 6, blNumber: 'BL1', containerNumber: 'C2', problem: 'duplicate' }],
      {
        action: 'pincode',
        applied: [{ address: '0xa2', blNumber: 'BL1', containerNumber: 'C2', version: 2 }],
        refused: [
          {
            address: '0xa3',
            blNumber: 'BL1',
            containerNumber: 'C3',
            reason: 'mustAssign',
            error: 'Must assign to fetch pin',
          },
        ],
        failed: [{ address: '0xa4', blNumber: 'BL1', containerNumber: 'C4', error: null }],
        pincodes: [{ address: '0xa2', blNumber: 'BL1', containerNumber: 'C2', pincode: '482913' }],
      },
    );
    expect(lines.map((line) => [line.row, line.outcome, line.result, line.pincode])).toEqual([
      [2, 'done', 'Pincode fetched', '482913'],
      [3, 'refused', 'Must assign to fetch pin', ''],
      [4, 'failed', 'Release not found in result array', ''],
      [5, 'notIncluded', 'Not included', ''],
      [6, 'notIncluded', 'Not included', ''],
    ]);
    expect(outcomeCounts(lines)).toEqual({ done: 1, refused: 1, failed: 1, notIncluded: 2 });
    const csv = bulkReportCsv(t, 'pincode', lines)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe('Row,BL number,Container number,Check,Result,Pincode');
    expect(csv[1]).toBe('2,BL1,C2,is ready,Pincode fetched,482913');
    // A hostile file's cell comes back neutralised (DESIGN §3).
    expect(csv[4]).toBe(
      `5,"'=HYPERLINK(""x"")",C5,was not found or is not owned by you,Not included,`,
    );
    expect(csv[5]).toBe('6,BL1,C2,repeats an earlier row,Not included,');
  });

  it('translates its headers (German) and names the file after the action and the Brussels time', () => {
    const lines = bulkReportLines(de, 'transfer', rows.slice(0, 1), [], {
      action: 'transfer',
      applied: [{ address: '0xa2', blNumber: 'BL1', containerNumber: 'C2', version: 2 }],
      refused: [],
      failed: [],
      pincodes: [],
    });
    expect(
      bulkReportCsv(de, 'transfer', lines)
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0],
    ).toBe('Zeile,B/L-Nummer,Containernummer,Prüfung,Ergebnis');
    expect(bulkReportFileName('transfer', new Date('2026-11-21T09:30:00Z'))).toBe(
      'bulk-transfer-20261121-103000.csv',
    );
  });
});

describe('issue 13 item 1: classification in chunks, corrections classified again', () => {
  const classify = vi.fn(async (pairs: readonly BulkPair[]) => ({
    rows: pairs.map((pair) => ({ ...pair, bulkClass: 'eligible' as const, address: '0x1' })),
  }));

  it('classifies 4,500 pairs in three calls, reporting progress after each', async () => {
    const pairs = Array.from({ length: 4500 }, (_, i) => ({
      row: i + 2,
      blNumber: 'BL',
      containerNumber: `C${i}`,
    }));
    const progress: number[] = [];
    const classified = await classifyAll({ classify }, pairs, (done) => progress.push(done));
    expect(classify).toHaveBeenCalledTimes(3);
    expect(progress).toEqual([0, 2000, 4000, 4500]);
    expect(classified[4499]).toMatchObject({ row: 4501, containerNumber: 'C4499' });
  });

  it('puts corrected rows back in their place, and drops one that repeats a pair of the file', async () => {
    classify.mockClear();
    const corrections = new Map<number, BulkPair>([
      [5, { blNumber: ' bl1 ', containerNumber: 'c 9' }],
      [3, { blNumber: 'BL1', containerNumber: 'C2' }],
    ]);
    const next = await applyCorrections({ classify }, rows, corrections);
    expect(classify).toHaveBeenCalledWith([{ blNumber: 'BL1', containerNumber: 'C9' }]);
    expect(next.map((r) => [r.row, r.containerNumber, r.bulkClass])).toEqual([
      [2, 'C2', 'eligible'],
      [4, 'C4', 'eligible'],
      [5, 'C9', 'eligible'],
    ]);
  });
});
