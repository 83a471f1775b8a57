import { describe, expect, it } from 'vitest';
import { capturedLog } from '../test/captured-log.ts';
import { logServerError } from './server-errors.ts';

/** What the listener logs for one error. */
function logOf(error: Error, ctx?: Parameters<ReturnType<typeof logServerError>>[1]) {
  const log = capturedLog('debug');
  logServerError(log.logger)(error, ctx);
  return log.lines;
}

const broken = (code: string) => Object.assign(new Error(code), { code });
const answer = (state: { destroyed?: boolean; finished?: boolean; socketGone?: boolean }) => ({
  path: '/assets/app.js',
  res: {
    destroyed: state.destroyed ?? false,
    writableFinished: state.finished ?? false,
    socket: { destroyed: state.socketGone ?? false },
  },
});

describe('the server error log', () => {
  it('puts a client that left mid-answer at debug, with its path and code', () => {
    for (const [code, state] of [
      ['ERR_STREAM_PREMATURE_CLOSE', { destroyed: true }],
      ['ECONNRESET', { socketGone: true }],
      ['EPIPE', { destroyed: true, socketGone: true }],
    ] as const) {
      expect(logOf(broken(code), answer(state))).toEqual([
        expect.objectContaining({
          level: 'debug',
          msg: 'the client closed the connection before the answer ended',
          path: '/assets/app.js',
          code,
        }),
      ]);
    }
  });

  it('logs everything else as a server error with its stack', () => {
    const cases: [Error, ReturnType<typeof answer> | undefined][] = [
      // The server's own failure, whatever the connection's state.
      [new Error('template missing'), answer({ destroyed: true })],
      // A broken-connection code while the connection is still open: not the client leaving.
      [broken('ECONNRESET'), answer({})],
      // The answer had ended: whatever broke afterwards was not a cut-off download.
      [broken('EPIPE'), answer({ destroyed: true, finished: true })],
      [broken('ERR_STREAM_PREMATURE_CLOSE'), undefined],
    ];
    for (const [error, ctx] of cases) {
      const lines = logOf(error, ctx);
      expect(lines).toEqual([
        expect.objectContaining({ level: 'error', msg: 'http server error' }),
      ]);
      expect(lines[0]?.err).toMatchObject({ message: error.message, stack: expect.any(String) });
    }
  });
});
