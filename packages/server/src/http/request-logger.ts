import type { Middleware } from '@feathersjs/koa';
import type { Logger } from '../logger.ts';

/**
 * One log line per HTTP request: method, path (never the query string, which may carry an
 * e-mail), status and duration. Health probes go to debug (info when unhealthy) so a load balancer
 * polling every few seconds does not drown the log; the database's own failures are logged apart.
 */
export function requestLogger(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const { method, path } = ctx;
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      const status = ctx.status;
      const line = { method, path, status, ms };
      if (path === '/health' || path.startsWith('/health/'))
        logger[status === 200 ? 'debug' : 'info'](line, 'request');
      else if (status >= 500) logger.warn(line, 'request');
      else logger.info(line, 'request');
    }
  };
}
