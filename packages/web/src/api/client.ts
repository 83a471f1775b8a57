import { feathers, type HookContext, type Query } from '@feathersjs/feathers';
import rest, { FetchClient } from '@feathersjs/rest-client';
import { servicePaths } from '@scr/domain';
import { HttpError, queryString, restoreError, sendJson, statusOf } from './http.ts';
import { boundSession } from './session-binding.ts';

/** The REST base of the API (DESIGN §1); the dev server and the server itself serve it here. */
export const apiBase = '/api';

/**
 * The services anyone may call (signing in, the public shell). Every other call needs the
 * session's token; `authentication` is here too because the session itself calls it to renew
 * or revoke its token, with that token in hand.
 */
const publicServices: ReadonlySet<string> = new Set([
  servicePaths.appInfo,
  servicePaths.findUser,
  servicePaths.authenticationChallenges,
  servicePaths.authentication,
]);

/**
 * The REST transport: each call is one `sendJson` exchange (the same reading of answers and
 * failures as the wallet calls), with the query written as the server's parser reads it.
 */
class PortalRestClient extends FetchClient {
  override getQuery(query: Query): string {
    const text = queryString(query);
    return text ? `?${text}` : '';
  }

  override request(options: {
    url: string;
    method: string;
    headers?: Record<string, string>;
    body?: unknown;
  }): Promise<unknown> {
    const { url, method, headers, body } = options;
    return sendJson(url, { method, headers, body });
  }
}

/**
 * The Feathers client over REST, the one way the web app calls the portal's API (issue 10
 * item 2): `api.service(servicePaths.appInfo).find()` is `GET /api/app-info`. Calls other
 * than the public ones carry the session's fresh token, and failures are the web's
 * `HttpError` (with the answer's `data.code`, `key`, `fields`) or `NetworkError`.
 */
export const api = feathers();
api.configure(
  rest(apiBase).fetch((...args: Parameters<typeof fetch>) => fetch(...args), {}, PortalRestClient),
);
api.hooks({
  before: { all: [attachAccessToken] },
  error: { all: [restoreWebError, endSessionOn401] },
});

/**
 * The session's token for an authenticated call, refreshed first when it is about to expire.
 * Without one the call is refused here and the session ends with its one alert (access
 * spec §4 "Session").
 */
export async function sessionToken(): Promise<string> {
  const session = boundSession();
  const token = session ? await session.freshToken() : null;
  if (!token) {
    void session?.unauthorized();
    throw new HttpError(401, 'not_authenticated', 'No access token found');
  }
  return token;
}

async function attachAccessToken(context: HookContext) {
  if (publicServices.has(context.path)) return;
  const token = await sessionToken();
  const params = context.params as { headers?: Record<string, string> };
  params.headers = { ...params.headers, Authorization: `Bearer ${token}` };
}

function restoreWebError(context: HookContext) {
  context.error = restoreError(context.error);
}

/**
 * Access spec §4: an authenticated call refused with 401 ends the session (one alert). Calls
 * over the socket (`realtime-client.ts`) are always the session's. A carrier's session is
 * renewed instead (§6: carriers skip the session check), and the call is then made once more
 * with the new token, so that the carrier's work goes on.
 */
export async function endSessionOn401(context: HookContext) {
  if (statusOf(context.error) !== 401) return;
  const params = context.params as { headers?: Record<string, string>; renewed?: boolean };
  const session = boundSession();
  // A public call made without a token is just refused; only a session's call ends it.
  if (!session || !(params.headers?.Authorization || context.app !== api)) return;
  const goesOn = await session.unauthorized();
  if (goesOn && !params.renewed) context.result = await callAgain(context);
}

/** The same call once more (marked, so that a second 401 is not tried a third time). */
function callAgain(context: HookContext): Promise<unknown> {
  const { id, data, method } = context;
  const service = context.service as Record<string, (...args: unknown[]) => Promise<unknown>>;
  const params = { ...context.params, renewed: true };
  const args: Record<string, unknown[]> = {
    find: [params],
    get: [id, params],
    create: [data, params],
    update: [id, data, params],
    patch: [id, data, params],
    remove: [id, params],
  };
  const call = service[method];
  if (!args[method] || !call) return Promise.reject(context.error);
  return call.apply(service, args[method]);
}
