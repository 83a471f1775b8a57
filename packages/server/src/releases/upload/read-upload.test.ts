import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { readUploadRows } from './read-upload.ts';
import { sheetReaderLimits } from './sheet-reader.ts';
import { xlsxBomb } from './zip-bombs.ts';

const header = ['BL', 'Port of loading', 'Port of destination'];
const rows = [header, ['BL-1', 'CNSHA', 'MSCU1234565']];
const defaults = structuredClone(sheetReaderLimits);

afterEach(() => {
  Object.assign(sheetReaderLimits, structuredClone(defaults));
});

/** The refusal a read ends with: its status and `data.fields.file` key. */
async function refusal(fileName: string, content: Buffer) {
  const error = await readUploadRows({ fileName, content }).then(
    () => null,
    (e: { code: number; data: { fields: { file: string } } }) => e,
  );
  return error && { status: error.code, reason: error.data.fields.file };
}

describe('issue 9 §4: uploads that cannot stall the server', () => {
  it('refuses a lying zip bomb (1 MB that declares KBs and inflates to 1 GB), the event loop never blocked', async () => {
    const bomb = xlsxBomb(rows, 1024, true);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const answer = await refusal('bomb.xlsx', bomb);
    delay.disable();
    expect(answer).toEqual({ status: 413, reason: 'releases.upload.tooComplex' });
    // The worker stops at the cap instead of inflating the whole gigabyte.
    expect(Date.now() - started).toBeLessThan(sheetReaderLimits.timeoutMs);
    expect(delay.max / 1e6).toBeLessThan(200);
  });

  it('refuses an honest bomb (190 KB declaring 190 MB) without inflating it', async () => {
    const bomb = xlsxBomb(rows, 190, false);
    expect(bomb.length).toBeLessThan(256 * 1024);
    expect(await refusal('honest.xlsx', bomb)).toEqual({
      status: 413,
      reason: 'releases.upload.tooComplex',
    });
  });

  it('reads a zip whose sizes lie but that really inflates within the cap', async () => {
    const read = await readUploadRows({ fileName: 'ok.xlsx', content: xlsxBomb(rows, 8, true) });
    expect(read).toEqual([{ row: 2, cells: ['BL-1', 'CNSHA', 'MSCU1234565'] }]);
  });

  it('refuses a file read past the time limit, and reads the next one in a fresh worker', async () => {
    // Reading 4,900 rows takes far longer than 5 ms, however fast the machine.
    sheetReaderLimits.timeoutMs = 5;
    expect(await refusal('slow.csv', heavyCsv())).toEqual({
      status: 413,
      reason: 'releases.upload.tooComplex',
    });
    sheetReaderLimits.timeoutMs = defaults.timeoutMs;
    const csv = Buffer.from(`${header.join(';')}\nBL-2;CNSHA;MSCU1234565\n`);
    const read = await readUploadRows({ fileName: 'next.csv', content: csv });
    expect(read).toEqual([{ row: 2, cells: ['BL-2', 'CNSHA', 'MSCU1234565'] }]);
  });

  it('refuses a file that passes the worker heap limit, and reads the next one', async () => {
    // Kill the running worker (time limit), so the next one starts with a tiny heap.
    sheetReaderLimits.timeoutMs = 5;
    expect(await refusal('any.csv', heavyCsv())).not.toBeNull();
    sheetReaderLimits.timeoutMs = defaults.timeoutMs;
    sheetReaderLimits.resourceLimits = {
      maxOldGenerationSizeMb: 24,
      maxYoungGenerationSizeMb: 1,
      stackSizeMb: 4,
    };
    const small = Buffer.from(`${header.join(';')}\nBL-3;CNSHA;MSCU1234565\n`);
    // The small heap is enough to start and read a small file…
    expect(await readUploadRows({ fileName: 'small.csv', content: small })).toHaveLength(1);
    // …not for 4,900 rows of 18 cells (just under 5 MB).
    const csv = heavyCsv();
    expect(csv.length).toBeLessThan(5 * 1024 * 1024);
    expect(await refusal('heavy.csv', csv)).toEqual({
      status: 413,
      reason: 'releases.upload.tooComplex',
    });
    Object.assign(sheetReaderLimits, structuredClone(defaults));
    expect(await readUploadRows({ fileName: 'after.csv', content: csv })).toHaveLength(4900);
  });
});

/** 4,900 rows of 18 cells: just under the 5 MB upload limit. */
function heavyCsv(): Buffer {
  const line = Array.from({ length: 18 }, (_, i) => `cell-${i}-${'x'.repeat(48)}`).join(';');
  return Buffer.from(`${header.join(';')}\n${`${line}\n`.repeat(4900)}`);
}
