import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, fsyncSync, openSync, closeSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

/**
 * A backup file being written: text in, gzip out, with the SHA-256 of the text so far. It goes
 * to `path` (created, never overwritten) and honours back-pressure, so a large table streams
 * through without piling up in memory.
 */
export function backupWriter(path: string) {
  const hash = createHash('sha256');
  const gzip = createGzip();
  const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  const done = pipeline(gzip, file);
  // Seen by `finish` or `abort`; a failure before then must not go unhandled meanwhile.
  done.catch(() => undefined);
  let bytes = 0;
  return {
    /** Adds text; `hashed: false` for the END line, which the checksum does not cover. */
    async write(text: string | Buffer, { hashed = true } = {}): Promise<void> {
      if (hashed) hash.update(text);
      bytes += typeof text === 'string' ? Buffer.byteLength(text) : text.length;
      if (!gzip.write(text)) await Promise.race([once(gzip, 'drain'), done]);
    },
    /** The checksum of the hashed text written so far (once). */
    sha256: () => hash.digest('hex'),
    /** Uncompressed bytes written. */
    bytes: () => bytes,
    /** Ends the stream and flushes the file to disk. */
    async finish(): Promise<void> {
      gzip.end();
      await done;
      const fd = openSync(path, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    },
    /** Stops writing after a failure; the caller removes the file. */
    async abort(): Promise<void> {
      gzip.destroy();
      await done.catch(() => undefined);
    },
  };
}

export type BackupWriter = ReturnType<typeof backupWriter>;
