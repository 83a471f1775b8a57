import { isErrorCode, type ErrorCode } from '@scr/domain';

/**
 * A call that reached the server (or the wallet) and was refused. Carries the HTTP status, the
 * catalogued code of `data.code` when there is one, and the answer's own message.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode | null,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/**
 * A call that never got an answer: the browser's fetch rejected (offline, DNS, CORS, refused
 * connection). Access spec §8 calls this "the network is offline".
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly url: string,
    options?: { cause?: unknown },
  ) {
    super(`the network is offline: ${url} could not be reached`, options);
  }
}

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sent as `Authorization: Bearer …`. */
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * JSON in, JSON out, for the wallets (`{wallet}/…`), which are not the portal's API: the portal's
 * own `/api` calls go through the Feathers client (`client.ts`), which sends them with
 * `sendJson` too. Failures become an `HttpError` (an answer) or a `NetworkError` (no answer).
 */
export function requestJson<T = unknown>(url: string, request: JsonRequest = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  return sendJson<T>(url, {
    method: request.method ?? 'GET',
    headers,
    body: request.body,
    signal: request.signal,
  });
}

/** One HTTP exchange in JSON: the one place the web app's fetch calls are made and read. */
export async function sendJson<T = unknown>(
  url: string,
  request: {
    method: string;
    headers?: Record<string, string>;
    body?: unknown;
    signal?: AbortSignal;
  },
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(url, { cause: error });
  }
  const body = await readBody(response);
  if (!response.ok) throw errorFromAnswer(response.status, response.statusText, body);
  return body as T;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  return parseBody(text);
}

/** An answer's JSON, or null when it is empty or not JSON (a proxy's HTML error page). */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page: the status says enough.
    return null;
  }
}

/**
 * The `HttpError` of a refused answer: Feathers puts the catalogued code under `data.code`,
 * with `data.key` and `data.fields` beside it (the web's error mapping reads them).
 */
export function errorFromAnswer(status: number, statusText: string, body: unknown): HttpError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const data = typeof record.data === 'object' && record.data !== null ? record.data : null;
  const code = data ? (data as { code?: unknown }).code : undefined;
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : statusText || `HTTP ${status}`;
  return new HttpError(status, isErrorCode(code) ? code : null, message, data);
}

/**
 * The Feathers REST client hands a failure on as a plain `Error` with the failure's own fields
 * copied onto it; this gives back the `HttpError` or `NetworkError` it was, so callers and
 * the failure mappings see one kind of error whichever way the call went.
 */
export function restoreError(error: unknown): unknown {
  if (error instanceof HttpError || error instanceof NetworkError) return error;
  if (typeof error !== 'object' || error === null) return error;
  const fields = error as Record<string, unknown>;
  const message = typeof fields.message === 'string' ? fields.message : '';
  if (fields.name === 'NetworkError' && typeof fields.url === 'string') {
    return new NetworkError(fields.url, { cause: error });
  }
  if (fields.name === 'HttpError' && typeof fields.status === 'number') {
    const code = isErrorCode(fields.code) ? fields.code : null;
    return new HttpError(fields.status, code, message, fields.data ?? null);
  }
  return error;
}

/**
 * A Feathers query as the server's query parser (qs) reads it: nested keys in brackets
 * (`$sort[name]=1`) and arrays as repeated keys (`address[$in]=a&address[$in]=b`), so a list
 * of any length stays a list (qs turns indexed lists longer than 20 into objects).
 */
export function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item) => add(key, item));
    } else if (value instanceof Date) {
      add(key, value.toISOString());
    } else if (typeof value === 'object' && value !== null) {
      Object.entries(value).forEach(([name, item]) => add(`${key}[${name}]`, item));
    } else {
      pairs.push(
        `${encodeURIComponent(key)}=${encodeURIComponent(value === null ? '' : String(value))}`,
      );
    }
  };
  Object.entries(query).forEach(([key, value]) => add(key, value));
  return pairs.join('&');
}

/** The HTTP status of any failed call (ours, or a Feathers client error's `code`), if known. */
export function statusOf(error: unknown): number | null {
  if (error instanceof HttpError) return error.status;
  if (typeof error === 'object' && error !== null) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'number' && code >= 400 && code < 600) return code;
  }
  return null;
}
