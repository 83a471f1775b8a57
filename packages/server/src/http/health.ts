import type { Middleware } from '@feathersjs/koa';
import type { Application } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import { readinessOf } from './readiness.ts';

/** The probes' paths, outside /api. */
export const healthPaths = {
  live: '/health/live',
  ready: '/health/ready',
  /** Answers as `ready` does, for the probes and scripts written before the two. */
  legacy: '/health',
} as const;

const paths = new Set<string>(Object.values(healthPaths));

/**
 * The health probes (for load balancers and orchestrators), never cached, GET or HEAD:
 *
 * - `GET /health/live`: 200 `{status: "live"}` while the process answers, without a query: a
 *   liveness probe restarts an instance that no longer answers, never one whose database is away.
 * - `GET /health/ready` (and `/health`): 200 `{status: "ready", parts}` when every part
 *   registered with `readinessOf(app)` is up (the database answers, migrations done, Redis when
 *   configured, the outbox workers alive, …); else 503 with `status` `unavailable` (a part is
 *   down) or `degraded` (a part is degraded, none down: the instance serves, but part of what
 *   it does is missing, which an operator must see), and `parts` naming each part's state and
 *   detail. During shutdown it answers 503 at once, so a load balancer stops sending requests
 *   while the ones under way finish.
 */
export function healthCheck(app: Application): Middleware {
  return async (ctx, next) => {
    if (!paths.has(ctx.path)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw appError('method_not_allowed');
    ctx.set('Cache-Control', 'no-store');
    if (ctx.path === healthPaths.live) {
      ctx.status = 200;
      ctx.body = { status: 'live' };
      return;
    }
    const report = await readinessOf(app).report();
    ctx.status = report.status === 'ready' ? 200 : 503;
    ctx.body = report;
  };
}
