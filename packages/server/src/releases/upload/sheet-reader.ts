import { Worker } from 'node:worker_threads';
import type { UploadCell, UploadMessage } from '@scr/domain';

/** The first sheet's cells row by row from its first row, and that row's number (0-based). */
export interface RawSheet {
  first: number;
  rows: UploadCell[][];
}

export type SheetAnswer = { sheet: RawSheet } | { refused: UploadMessage };

/**
 * Issue 9 item 4: what one file may cost. An .xlsx of 5 MB holding 5,000 rows inflates to some
 * tens of MB of XML at most; a zip bomb inflates to far more, whatever its directory says.
 */
export const sheetReaderLimits = {
  maxInflatedBytes: 64 * 1024 * 1024,
  timeoutMs: 15_000,
  resourceLimits: { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
};

let worker: Worker | undefined;
let queue: Promise<unknown> = Promise.resolve();
let nextId = 0;

/**
 * Reads a .csv's text (`csv`, already decoded) or an .xls/.xlsx's bytes (`workbook`) in the
 * sheet worker (sheet-worker.mjs),
 * one file at a time, so inflating and parsing never run on the event loop that answers
 * requests. A file that takes longer than the time limit, or passes the worker's heap limits, is
 * refused as `tooComplex` and the worker is replaced.
 */
export function readSheet(kind: 'csv', content: string, maxRows: number): Promise<SheetAnswer>;
export function readSheet(kind: 'workbook', content: Buffer, maxRows: number): Promise<SheetAnswer>;
export function readSheet(
  kind: 'csv' | 'workbook',
  content: Buffer | string,
  maxRows: number,
): Promise<SheetAnswer> {
  const run = queue.then(() => inWorker(kind, content, maxRows));
  queue = run.catch(() => undefined);
  return run;
}

function startWorker(): Worker {
  const started = new Worker(new URL('./sheet-worker.mjs', import.meta.url), {
    resourceLimits: sheetReaderLimits.resourceLimits,
  });
  // A worker that died (timeout, heap limit) is not reused.
  started.once('exit', () => {
    if (worker === started) worker = undefined;
  });
  return started;
}

function inWorker(kind: 'csv' | 'workbook', content: Buffer | string, maxRows: number) {
  const current = (worker ??= startWorker());
  const id = (nextId += 1);
  // Kept alive only while it works: an idle worker never holds the process open.
  current.ref();
  return new Promise<SheetAnswer>((resolve) => {
    const finish = (answer: SheetAnswer) => {
      clearTimeout(timer);
      current.off('message', onMessage).off('error', onError).off('exit', onExit);
      current.unref();
      resolve(answer);
    };
    const kill = () => {
      if (worker === current) worker = undefined;
      void current.terminate();
    };
    const onMessage = (message: SheetAnswer & { id: number }) => {
      if (message.id !== id) return;
      const { id: _id, ...answer } = message;
      finish(answer);
    };
    // ERR_WORKER_OUT_OF_MEMORY when the file passes the heap limits; the worker is gone.
    const onError = () => {
      kill();
      finish({ refused: 'tooComplex' });
    };
    const onExit = () => finish({ refused: 'tooComplex' });
    const timer = setTimeout(() => {
      kill();
      finish({ refused: 'tooComplex' });
    }, sheetReaderLimits.timeoutMs);
    current.on('message', onMessage).on('error', onError).on('exit', onExit);
    current.postMessage({
      id,
      kind,
      content,
      limits: { maxRows, maxInflatedBytes: sheetReaderLimits.maxInflatedBytes },
    });
  });
}
