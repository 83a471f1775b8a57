import type { Logger } from '../logger.ts';

/** What Koa passes with an error it could not answer (the request's context, when there is one). */
interface ErrorContext {
  path?: string;
  res?: { destroyed: boolean; writableFinished: boolean; socket: { destroyed: boolean } | null };
}

/** The codes of a connection the client broke off while an answer was still being written. */
const connectionBrokenCodes = new Set([
  'ERR_STREAM_PREMATURE_CLOSE',
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
]);

/**
 * The Koa app's `error` listener: errors no middleware could answer, which Koa reports after the
 * answer has begun. Most are a client that went away mid-answer (a reload, a closed tab, a
 * cancelled download while a file streams): the connection is gone before the answer ended,
 * which is the client's doing and needs no one's attention, so it goes to debug with its path
 * and code. Anything else is the server's and is logged as an error, with its stack.
 */
export function logServerError(logger: Logger) {
  return (error: Error & { code?: string }, ctx?: ErrorContext): void => {
    const response = ctx?.res;
    const clientLeft =
      error.code !== undefined &&
      connectionBrokenCodes.has(error.code) &&
      response !== undefined &&
      !response.writableFinished &&
      (response.destroyed || response.socket === null || response.socket.destroyed);
    if (clientLeft) {
      logger.debug(
        { path: ctx?.path, code: error.code },
        'the client closed the connection before the answer ended',
      );
      return;
    }
    logger.error({ err: error }, 'http server error');
  };
}
