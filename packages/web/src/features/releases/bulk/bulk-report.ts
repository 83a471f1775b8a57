import { brusselsFileTimestamp, csvText, type BulkAction, type BulkFileProblem } from '@scr/domain';
import type { TFunction } from 'i18next';
import type { CustodyOutcome } from '../custody/custody-flow.ts';
import { failureText, refusalText } from '../custody/custody-report.ts';
import type { BulkRow } from './bulk-flow.ts';

/** What became of one row of the file (issue 13 item 1: "a report at the end"). */
export type BulkOutcome = 'done' | 'refused' | 'failed' | 'notIncluded';

export interface BulkReportLine {
  row: number;
  blNumber: string;
  containerNumber: string;
  /** The classification's words (releases spec §8 "Bulk messages") or the row's problem. */
  classification: string;
  outcome: BulkOutcome;
  /** The result in words: done, the server's or the wallet's reason, or not included. */
  result: string;
  /** `pincode` only: the pincode the wallet opened. */
  pincode: string;
}

/**
 * One line per row of the file, in sheet order: classified pairs with what the action did to
 * them, and the rows that were not pairs (no BL or container, repeated).
 */
export function bulkReportLines(
  t: TFunction,
  action: BulkAction,
  rows: readonly BulkRow[],
  problems: readonly BulkFileProblem[],
  outcome: CustodyOutcome,
): BulkReportLine[] {
  const key = (address: string) => address.toLowerCase();
  const applied = new Set(outcome.applied.map((release) => key(release.address)));
  const refused = new Map(outcome.refused.map((release) => [key(release.address), release]));
  const failed = new Map(outcome.failed.map((release) => [key(release.address), release]));
  const pincodes = new Map(outcome.pincodes.map((item) => [key(item.address), item.pincode]));
  const doneText = t(`releases.bulk.result.${action}`);
  const notIncluded = t('releases.bulk.result.notIncluded');
  const lines: BulkReportLine[] = rows.map((row) => {
    const base = {
      row: row.row,
      blNumber: row.blNumber,
      containerNumber: row.containerNumber,
      classification: t(`releases.bulk.class.${row.bulkClass}`),
    };
    const address = row.address ? key(row.address) : null;
    const pincode = (address && pincodes.get(address)) || '';
    if (address && applied.has(address)) {
      return { ...base, outcome: 'done', result: doneText, pincode };
    }
    const refusal = address ? refused.get(address) : undefined;
    if (refusal) {
      return { ...base, outcome: 'refused', result: refusalText(t, action, refusal), pincode };
    }
    const failure = address ? failed.get(address) : undefined;
    if (failure) return { ...base, outcome: 'failed', result: failureText(t, failure), pincode };
    return { ...base, outcome: 'notIncluded', result: notIncluded, pincode };
  });
  for (const problem of problems) {
    lines.push({
      row: problem.row,
      blNumber: problem.blNumber,
      containerNumber: problem.containerNumber,
      classification: t(`releases.bulk.problem.${problem.problem}`),
      outcome: 'notIncluded',
      result: notIncluded,
      pincode: '',
    });
  }
  return lines.sort((a, b) => a.row - b.row);
}

/** Counts per outcome, every outcome present. */
export function outcomeCounts(lines: readonly BulkReportLine[]): Record<BulkOutcome, number> {
  const counts = { done: 0, refused: 0, failed: 0, notIncluded: 0 };
  for (const line of lines) counts[line.outcome] += 1;
  return counts;
}

/**
 * The report as CSV (cells beginning with = + - @ neutralised by domain `csvText`: a hostile
 * file's cells come back in it), with translated headers; the pincode column for pincodes only.
 */
export function bulkReportCsv(
  t: TFunction,
  action: BulkAction,
  lines: readonly BulkReportLine[],
): string {
  const withPincode = action === 'pincode';
  const header = ['row', 'blNumber', 'containerNumber', 'classification', 'result']
    .concat(withPincode ? ['pincode'] : [])
    .map((column) => t(`releases.bulk.report.columns.${column}`));
  return csvText([
    header,
    ...lines.map((line) =>
      [
        String(line.row),
        line.blNumber,
        line.containerNumber,
        line.classification,
        line.result,
      ].concat(withPincode ? [line.pincode] : []),
    ),
  ]);
}

/** The report's file name: the action and the moment, in Brussels time (releases spec §9). */
export function bulkReportFileName(action: BulkAction, now: Date = new Date()): string {
  return `bulk-${action}-${brusselsFileTimestamp(now)}.csv`;
}
