import { Writable } from 'node:stream';
import type { LogLevel } from '../config.ts';
import { createLogger } from '../logger.ts';

/** One line of the server's log, parsed. */
export type LogLine = Record<string, unknown> & { level: string; msg: string };

/**
 * A logger whose lines a test reads: `lines` parsed as they come (pino writes one JSON line per
 * write), `text()` all of them as written, for searching the whole log for a secret.
 */
export function capturedLog(level: LogLevel = 'trace') {
  const written: string[] = [];
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      const line = String(chunk);
      written.push(line);
      lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: createLogger(level, sink), lines, text: () => written.join('') };
}
