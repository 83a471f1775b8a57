import { existsSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { Middleware } from '@feathersjs/koa';
import serveStatic from 'koa-static';
import type { Logger } from '../logger.ts';
import { isApiPath } from './api-prefix.ts';

/** Paths the web app never answers: the API, health, socket.io and the cloud wallet. */
const reserved = ['/health', '/socket.io', '/wallet'];

const notBuiltPage = `<!doctype html><meta charset="utf-8"><title>Web app not built</title>
<p>The web app is not built. Run <code>npm run build</code> (or <code>npm start</code>), then reload.</p>`;

export interface WebAppOptions {
  /** Production refuses source maps (`*.map`) even when a build left some in the dist folder. */
  production?: boolean;
}

/**
 * Serves the built web app from `webDist`. Client-side routes (a GET for a path without a file
 * extension that is not a file) get `index.html`; a missing asset stays a 404. Hashed assets
 * under /assets/ are cached for good, `index.html` never. A file with a `.br` or `.gz` twin
 * written by the build goes out precompressed to browsers that accept it.
 */
export function webApp(webDist: string, logger: Logger, options: WebAppOptions = {}): Middleware {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    logger.warn({ webDist }, 'the web app is not built (no index.html); run `npm run build`');
  }
  const assets = join(webDist, 'assets') + sep;
  const files = serveStatic(webDist, {
    index: 'index.html',
    brotli: true,
    gzip: true,
    setHeaders: (res, path) => {
      const immutable = path.startsWith(assets);
      res.setHeader(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return async (ctx, next) => {
    if (isApiPath(ctx.path)) return next();
    const isReserved = reserved.some((p) => ctx.path === p || ctx.path.startsWith(`${p}/`));
    if (isReserved || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return;
    if (options.production && ctx.path.toLowerCase().endsWith('.map')) return;
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'html';
      ctx.body = notBuiltPage;
      return;
    }
    // Whether the answer is compressed depends on Accept-Encoding: caches must keep both.
    ctx.vary('Accept-Encoding');
    await files(ctx, async () => undefined);
    if (ctx.body !== undefined || extname(ctx.path) !== '') return;
    // A client-side route: index.html itself, under its own path, so it is sent like `/` is.
    const route = ctx.path;
    ctx.path = '/index.html';
    try {
      await files(ctx, async () => undefined);
    } finally {
      ctx.path = route;
    }
  };
}
