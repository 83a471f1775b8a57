import { NotFound } from '@feathersjs/errors';
import type { Middleware } from '@feathersjs/koa';
import type { Logger } from '../logger.ts';
import { reportError } from '../errors/report-error.ts';

/**
 * Turns every failure of an HTTP request (a service error, an unknown route, unparseable JSON,
 * anything unexpected) into the catalogued JSON answer. Service errors arrive already mapped by
 * the error hook; the rest is mapped here. No stack or SQL ever reaches the answer.
 */
export function errorMiddleware(logger: Logger): Middleware {
  return async (ctx, next) => {
    const path = ctx.path;
    try {
      await next();
      if (ctx.body === undefined && ctx.status === 404)
        throw new NotFound(`Path ${path} not found`);
    } catch (error) {
      const answer = reportError(logger, error, { method: ctx.method, path });
      ctx.status = answer.code;
      ctx.body = answer.toJSON();
      // A limit's refusal says when to come back, in the header HTTP clients and proxies know.
      const wait = answer.data.retryAfterSeconds;
      if (wait !== undefined) ctx.set('Retry-After', String(wait));
    }
  };
}
