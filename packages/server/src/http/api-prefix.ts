import { NotFound } from '@feathersjs/errors';
import type { Middleware } from '@feathersjs/koa';

export const apiPrefix = '/api';

/** Whether a path belongs to the REST API. */
export function isApiPath(path: string): boolean {
  return path === apiPrefix || path.startsWith(`${apiPrefix}/`);
}

/** Names every object inherits (`__proto__`, `constructor`, `toString`, …). */
const inheritedNames = new Set(Object.getOwnPropertyNames(Object.prototype));

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Issue 9 §7: whether a path names something every object inherits. Feathers' router keeps its
 * routes in plain objects, so `/api/__proto__` or `/api/users/constructor` would find
 * `Object.prototype` instead of a route (a 500 before this check).
 */
export function namesInheritedProperty(path: string): boolean {
  return path.split('/').some((segment) => inheritedNames.has(decoded(segment)));
}

/**
 * Feathers' REST transport finds a service with `app.lookup(ctx.request.path)`, and services are
 * registered without prefix (so socket.io clients call `app-info`, not `api/app-info`). This
 * strips `/api` before that lookup; anything that is not an API path never gets here. A path
 * naming an inherited property answers 404.
 */
export function stripApiPrefix(): Middleware {
  return async (ctx, next) => {
    if (!isApiPath(ctx.path)) return;
    if (namesInheritedProperty(ctx.path)) throw new NotFound(`Path ${ctx.path} not found`);
    ctx.path = ctx.path.slice(apiPrefix.length) || '/';
    return next();
  };
}
