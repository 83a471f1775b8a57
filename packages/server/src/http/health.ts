import type { Middleware } from '@feathersjs/koa';
import type { Application } from '../declarations.ts';
import { databaseAnswers } from '../db/database-health.ts';
import { appError } from '../errors/app-error.ts';

/**
 * `GET /health` (outside /api, for load balancers and orchestrators): 200 when the migrations
 * have completed and the database answers `select 1` within two seconds, else 503.
 */
export function healthCheck(app: Application): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== '/health') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw appError('method_not_allowed');
    const up = app.get('databaseReady') && (await databaseAnswers(app.get('knex')));
    ctx.set('Cache-Control', 'no-store');
    ctx.status = up ? 200 : 503;
    ctx.body = up ? { status: 'ok', database: 'up' } : { status: 'unavailable', database: 'down' };
  };
}
