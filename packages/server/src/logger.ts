import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger } from 'pino';

/** Field names whose values never reach a log line, at any of the first three levels of nesting. */
const secretFields = [
  'password',
  'token',
  'accessToken',
  'refreshToken',
  'authorization',
  'Authorization',
  'cookie',
  'pincode',
  'encryptedPincode',
  'privateKey',
  'secret',
  'key',
  'apiKey',
  'signature',
];

const redactPaths = secretFields.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]);

/**
 * The server's one logger: JSON lines on stdout (or `destination`, for tests), ISO times, secrets
 * redacted. Every module gets it (or a child of it) from the app; nothing writes to the console.
 */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      name: 'scr-server',
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
