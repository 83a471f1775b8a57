import { vi } from 'vitest';

/** One request the fake backend received. */
export interface ReceivedRequest {
  method: string;
  /** Path without origin or query, e.g. `/api/find-user` or `/wallet/unlock`. */
  path: string;
  url: URL;
  body: unknown;
  authorization: string | null;
}

export type Handler = (request: ReceivedRequest) => Response | Promise<Response>;

/** A JSON answer. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A Feathers error answer with a catalogued code, as the server and the wallet send them. */
export function failure(status: number, code: string, message = code): Response {
  return json(
    { name: 'Error', message, code: status, data: { code, key: `backend.error.${code}` } },
    status,
  );
}

/** What the browser's fetch does when nothing answers. */
export function offline(): never {
  throw new TypeError('Failed to fetch');
}

/**
 * Replaces `fetch` with handlers keyed by `METHOD /path` (origin and query ignored), records
 * every request, and fails the test loudly on a request nobody expected.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const requests: ReceivedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), location.origin);
    const headers = new Headers(init?.headers);
    const text = typeof init?.body === 'string' ? init.body : null;
    const request: ReceivedRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: url.origin === location.origin ? url.pathname : `${url.origin}${url.pathname}`,
      url,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: headers.get('Authorization'),
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    if (!handler) return json({ message: `unexpected ${request.method} ${request.path}` }, 599);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  const called = (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key);
  return { requests, called, fetchMock };
}
