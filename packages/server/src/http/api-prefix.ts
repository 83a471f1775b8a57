import type { Middleware } from '@feathersjs/koa';

export const apiPrefix = '/api';

/** Whether a path belongs to the REST API. */
export function isApiPath(path: string): boolean {
  return path === apiPrefix || path.startsWith(`${apiPrefix}/`);
}

/**
 * Feathers' REST transport finds a service with `app.lookup(ctx.request.path)`, and services are
 * registered without prefix (so socket.io clients call `app-info`, not `api/app-info`). This
 * strips `/api` before that lookup; anything that is not an API path never gets here.
 */
export function stripApiPrefix(): Middleware {
  return async (ctx, next) => {
    if (!isApiPath(ctx.path)) return;
    ctx.path = ctx.path.slice(apiPrefix.length) || '/';
    return next();
  };
}
