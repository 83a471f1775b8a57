import {
  normalizeBulkPair,
  pairKey,
  type BulkFilePair,
  type BulkPair,
  type ClassifiedPair,
} from '@scr/domain';
import type { CustodyStep } from '../custody/custody-flow.ts';
import type { BulkCalls } from './bulk-api.tsx';

/** Pairs per classification call: small enough for the progress bar to move, few calls. */
export const classifyChunk = 2000;

/** A classified pair of the file, with its row in the sheet. */
export type BulkRow = ClassifiedPair & { row: number };

/**
 * Releases spec §4 through `bulk-operations/classifications`, a chunk at a time, so the
 * classification has a progress bar of its own (issue 13 item 1): `onProgress(done, total)`.
 */
export async function classifyAll(
  calls: Pick<BulkCalls, 'classify'>,
  pairs: readonly BulkFilePair[],
  onProgress: (done: number, total: number) => void,
): Promise<BulkRow[]> {
  const rows: BulkRow[] = [];
  onProgress(0, pairs.length);
  for (let from = 0; from < pairs.length; from += classifyChunk) {
    const chunk = pairs.slice(from, from + classifyChunk);
    const answer = await calls.classify(
      chunk.map(({ blNumber, containerNumber }) => ({ blNumber, containerNumber })),
    );
    answer.rows.forEach((classified, index) =>
      rows.push({ ...classified, row: chunk[index]!.row }),
    );
    onProgress(rows.length, pairs.length);
  }
  return rows;
}

/**
 * The user's corrections of warned rows (row → the pair as retyped), classified again and put in
 * place; a correction that repeats a pair the file already has is dropped, not classified twice.
 */
export async function applyCorrections(
  calls: Pick<BulkCalls, 'classify'>,
  rows: readonly BulkRow[],
  corrections: ReadonlyMap<number, BulkPair>,
): Promise<BulkRow[]> {
  const kept = rows.filter((row) => !corrections.has(row.row));
  const taken = new Set(kept.map(pairKey));
  const asked: [number, BulkPair][] = [];
  for (const [row, typed] of corrections) {
    const pair = normalizeBulkPair(typed.blNumber, typed.containerNumber);
    if (!pair.blNumber || !pair.containerNumber || taken.has(pairKey(pair))) continue;
    taken.add(pairKey(pair));
    asked.push([row, pair]);
  }
  if (asked.length === 0) return kept;
  const answer = await calls.classify(asked.map(([, pair]) => pair));
  const fixed = answer.rows.map((classified, index) => ({ ...classified, row: asked[index]![0] }));
  return [...kept, ...fixed].sort((a, b) => a.row - b.row);
}

/** How far a custody action is, for the action's progress bar (its steps in order). */
export function actionFraction(step: CustodyStep): number {
  return { dryRun: 0.1, reseal: 0.3, sign: 0.55, apply: 0.75, open: 0.9 }[step];
}
