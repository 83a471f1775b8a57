import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Middleware } from '@feathersjs/koa';
import { openApiDocument } from './openapi-document.ts';

export const documentPath = '/api/openapi.json';
export const docsPath = '/api/docs';

const here = dirname(fileURLToPath(import.meta.url));
const swaggerUi = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The only files the docs page serves: ours and Swagger UI's, from the npm package. */
const assets: Record<string, { file: string; type: string }> = {
  'docs-init.js': { file: join(here, 'docs-ui', 'docs-init.js'), type: 'application/javascript' },
  'swagger-ui-bundle.js': {
    file: join(swaggerUi, 'swagger-ui-bundle.js'),
    type: 'application/javascript',
  },
  'swagger-ui.css': { file: join(swaggerUi, 'swagger-ui.css'), type: 'text/css' },
  'favicon-32x32.png': { file: join(swaggerUi, 'favicon-32x32.png'), type: 'image/png' },
};

type Encoding = 'br' | 'gzip' | 'identity';

/** Each asset read once and compressed once per encoding, when first asked for. */
function assetCache() {
  const cache = new Map<string, Buffer>();
  return (name: string, encoding: Encoding): Buffer => {
    const key = `${name} ${encoding}`;
    let body = cache.get(key);
    if (!body) {
      const plain = readFileSync(assets[name]!.file);
      body =
        encoding === 'br'
          ? brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })
          : encoding === 'gzip'
            ? gzipSync(plain, { level: 9 })
            : plain;
      cache.set(key, body);
    }
    return body;
  };
}

/**
 * The machine API's documentation (issue 14 item 3): the generated OpenAPI 3.1 document at
 * `/api/openapi.json` and Swagger UI at `/api/docs`, its assets served from the
 * `swagger-ui-dist` package on the portal's own origin (nothing from a CDN). The page has no
 * inline script (the CSP forbids it): `docs-init.js` starts Swagger UI. None of it is part of
 * the web app's bundles.
 */
export function apiDocs(options: { version?: string } = {}): Middleware {
  let document: string | null = null;
  const html = readFileSync(join(here, 'docs-ui', 'index.html'));
  const asset = assetCache();
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path === documentPath) {
      document ??= JSON.stringify(openApiDocument(options));
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = document;
      return;
    }
    if (ctx.path === docsPath || ctx.path === `${docsPath}/`) {
      ctx.type = 'html';
      ctx.set('Cache-Control', 'no-cache');
      ctx.body = html;
      return;
    }
    const name = ctx.path.startsWith(`${docsPath}/`) ? ctx.path.slice(docsPath.length + 1) : '';
    if (!Object.hasOwn(assets, name)) return next();
    const compressible = assets[name]!.type !== 'image/png';
    const accepted = compressible && ctx.acceptsEncodings('br', 'gzip', 'identity');
    const encoding = (accepted || 'identity') as Encoding;
    ctx.vary('Accept-Encoding');
    ctx.type = assets[name]!.type;
    ctx.set('Cache-Control', 'public, max-age=86400');
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    ctx.body = asset(name, encoding);
  };
}
