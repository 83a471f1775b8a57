import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where test folders go: memory (`/dev/shm`) where the machine has it, since every test app copies
 * a 40 MB database folder (ten times faster there than on disk), else the system's temp folder.
 */
export const testTempRoot = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();

/** A fresh temporary folder, removed by the caller. */
export function tempDir(prefix = 'scr-test-'): string {
  return mkdtempSync(join(testTempRoot, prefix));
}
