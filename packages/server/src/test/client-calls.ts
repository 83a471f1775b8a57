import { request } from 'node:http';

/**
 * Calls to a portal as one client among many behind a proxy (issue 42 items 2 and 3): the test
 * process is the proxy, and names the client in `X-Forwarded-For`, as nginx does.
 */

export interface ClientAnswer {
  status: number;
  body: { message?: string; data?: { code?: string; retryAfterSeconds?: number } };
  /** The `Retry-After` header, null when there is none. */
  retryAfter: string | null;
  /** How long the answer took, in milliseconds. */
  ms: number;
}

export interface ClientCall {
  method?: string;
  body?: unknown;
  /** `Authorization` as sent: `Bearer …`. */
  authorization?: string;
  /** `X-Forwarded-For` as sent; none when null or left out. */
  forwardedFor?: string | null;
  /** The loopback address to call from (127.0.0.1 unless given), to be another client. */
  localAddress?: string;
}

/** One call to `path` (under `/api/` unless it starts with `/`). */
export function callAs(baseUrl: string, path: string, call: ClientCall = {}) {
  const url = new URL(`${baseUrl}${path.startsWith('/') ? path : `/api/${path}`}`);
  const headers: Record<string, string> = {};
  if (call.forwardedFor) headers['x-forwarded-for'] = call.forwardedFor;
  if (call.authorization) headers.authorization = call.authorization;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const started = performance.now();
  return new Promise<ClientAnswer>((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: call.method ?? (call.body === undefined ? 'GET' : 'POST'),
        headers,
        ...(call.localAddress ? { localAddress: call.localAddress } : {}),
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            body: text ? JSON.parse(text) : {},
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            ms: performance.now() - started,
          });
        });
      },
    );
    sent.on('error', reject);
    sent.end(call.body === undefined ? undefined : JSON.stringify(call.body));
  });
}

let lastClient = 0;

/**
 * A client address nobody else in this test process has used (in 198.18.0.0/15, the range kept
 * for tests of network devices), so that each test starts with full budgets.
 */
export function freshClient(): string {
  lastClient += 1;
  return `198.${18 + (lastClient >> 16)}.${(lastClient >> 8) & 255}.${lastClient & 255}`;
}
