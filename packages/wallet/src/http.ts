import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorCatalogue, errorTranslationKey, type ErrorCode } from '@scr/domain';
import { WalletError, type WalletOperations } from './operations.ts';

/** Options of the wallet's HTTP face. */
export interface WalletHttpOptions {
  operations: WalletOperations;
  /** Origins allowed to call an on-premise wallet from the browser (the portal's origin). */
  allowedOrigins?: readonly string[];
}

const maxBodyBytes = 4 * 1024 * 1024;

type Route = (
  body: Record<string, unknown>,
  token: string | null,
  client: string,
) => Promise<unknown>;

/**
 * The wallet's HTTP contract (DESIGN §3): JSON in and out, the wallet token as bearer. A plain
 * Node handler, so the server can mount it at /wallet and `npm run wallet` can serve it alone.
 */
export function createWalletHandler(options: WalletHttpOptions) {
  const ops = options.operations;
  const routes: Record<string, Route> = {
    'POST /unlock': (body, _token, client) => ops.unlock(body, client),
    'POST /lock': (_body, token) => ops.lock(token),
    'POST /sign': (body, token) => ops.sign(token, body),
    'POST /pincodes/open': (body, token) => ops.openPincodes(token, body),
    'POST /pincodes/reseal': (body, token) => ops.resealPincodes(token, body),
    'POST /users': (body, token) => ops.addUser(token, body),
    'POST /users/password': (body, token) => ops.resetUserPassword(token, body),
    'GET /health': async () => ({ status: 'ok' }),
  };

  /** `clientAddress`: the caller's address when a proxy (the portal's Koa) knows it better. */
  return async function handle(
    request: IncomingMessage,
    response: ServerResponse,
    clientAddress?: string,
  ): Promise<void> {
    allowOrigin(request, response, options.allowedOrigins ?? []);
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const path = new URL(request.url ?? '/', 'http://wallet').pathname.replace(/\/+$/, '') || '/';
    const route = routes[`${request.method} ${path}`];
    try {
      if (!route) throw new WalletError('not_found');
      const body = request.method === 'POST' ? await readJson(request) : {};
      const client = clientAddress ?? request.socket.remoteAddress ?? 'unknown';
      send(response, 200, await route(body, bearer(request), client));
    } catch (error) {
      const code: ErrorCode = error instanceof WalletError ? error.code : 'internal';
      if (!(error instanceof WalletError)) ops.log('error', 'wallet request failed', error);
      const { status, message } = errorCatalogue[code];
      const retryAfterSeconds = error instanceof WalletError ? error.retryAfterSeconds : undefined;
      if (retryAfterSeconds) response.setHeader('Retry-After', String(retryAfterSeconds));
      send(response, status, {
        name: 'WalletError',
        message: error instanceof WalletError && error.detail ? error.detail : message,
        code: status,
        data: {
          code,
          key: errorTranslationKey(code),
          ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
        },
      });
    }
  };
}

function allowOrigin(
  request: IncomingMessage,
  response: ServerResponse,
  origins: readonly string[],
) {
  const origin = request.headers.origin;
  if (!origin || !origins.includes(origin)) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  response.setHeader('Access-Control-Max-Age', '600');
}

function bearer(request: IncomingMessage): string | null {
  const match = /^Bearer (\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new WalletError('payload_too_large');
    chunks.push(chunk);
  }
  if (size === 0) return {};
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      return body as Record<string, unknown>;
    }
  } catch {
    // Falls through to the uniform answer below.
  }
  throw new WalletError('bad_request', 'The body must be a JSON object.');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  response.end(JSON.stringify(body));
}
