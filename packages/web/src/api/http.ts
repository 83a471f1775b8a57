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
 * JSON in, JSON out: the one way the web app calls the API and the wallets outside the Feathers
 * client. Failures become an `HttpError` (an answer) or a `NetworkError` (no answer).
 */
export async function requestJson<T = unknown>(url: string, request: JsonRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (request.token) headers.Authorization = `Bearer ${request.token}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(url, { cause: error });
  }
  const body = await readBody(response);
  if (!response.ok) throw errorFrom(response, body);
  return body as T;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page: the status says enough.
    return null;
  }
}

function errorFrom(response: Response, body: unknown): HttpError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const data = typeof record.data === 'object' && record.data !== null ? record.data : null;
  const code = data ? (data as { code?: unknown }).code : undefined;
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : response.statusText || `HTTP ${response.status}`;
  return new HttpError(response.status, isErrorCode(code) ? code : null, message, data);
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
