import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createGunzip } from 'node:zlib';
import { BackupFileError } from './backup-format.ts';

const newline = 0x0a;

export interface BackupLine {
  text: string;
  /** The line number in the uncompressed stream, from 1. */
  number: number;
}

/**
 * The lines of a backup file, decompressed as they are read (never the whole file in memory),
 * and the SHA-256 of every byte but the last line's (`sha256()`, once the lines are read): the
 * END line is the last, whatever a row may start with, so each line is hashed once the next
 * one arrives. A damaged or truncated gzip stream throws BackupFileError.
 */
export function backupLines(file: string) {
  const hash = createHash('sha256');
  async function* lines(): AsyncGenerator<BackupLine> {
    const input = createReadStream(file).pipe(createGunzip());
    // The pieces of a line that spans chunks, joined once its newline arrives.
    let pending: Buffer[] = [];
    let previous: Buffer | null = null;
    let number = 0;
    try {
      for await (const chunk of input as AsyncIterable<Buffer>) {
        let start = 0;
        for (let end = chunk.indexOf(newline); end !== -1; end = chunk.indexOf(newline, start)) {
          const piece = chunk.subarray(start, end + 1);
          const line = pending.length > 0 ? Buffer.concat([...pending, piece]) : piece;
          pending = [];
          start = end + 1;
          number += 1;
          if (previous) hash.update(previous);
          previous = line;
          yield { text: line.toString('utf8', 0, line.length - 1), number };
        }
        if (start < chunk.length) pending.push(chunk.subarray(start));
      }
    } catch (error) {
      if (error instanceof BackupFileError) throw error;
      throw new BackupFileError(readProblem(error));
    } finally {
      input.destroy();
    }
    if (pending.length > 0) {
      throw new BackupFileError(`the file ends in the middle of line ${number + 1}: truncated`);
    }
  }
  return { lines: lines(), sha256: () => hash.digest('hex') };
}

function readProblem(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ENOENT') return 'the file does not exist';
  if (code === 'Z_BUF_ERROR') return 'the compressed stream ends early: the file is truncated';
  if (code === 'Z_DATA_ERROR') return `the compressed stream is damaged (${message})`;
  return message;
}
