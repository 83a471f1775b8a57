import { feathers, type HookContext } from '@feathersjs/feathers';
import rest from '@feathersjs/rest-client';
import socketio from '@feathersjs/socketio-client';
import { io } from 'socket.io-client';
import { statusOf } from './http.ts';
import { boundSession } from './session-binding.ts';

/** The REST base of the API (DESIGN §1); the dev server and the server itself serve it here. */
export const apiBase = '/api';

/**
 * The Feathers client over REST, for request/answer calls:
 * `api.service('app-info').find()` is `GET /api/app-info`. Calls carry the session's token
 * when there is one.
 */
export const api = feathers();
api.configure(rest(apiBase).fetch((...args: Parameters<typeof fetch>) => fetch(...args)));
api.hooks({ before: { all: [attachAccessToken] }, error: { all: [endSessionOn401] } });

/**
 * The socket.io connection to `/socket.io`. It stays closed until someone signs in (see
 * `realtime-session.ts`), so the public pages open no socket.
 */
export const socket = io({ path: '/socket.io', autoConnect: false, transports: ['websocket'] });

/**
 * The Feathers client over socket.io, for live events and authenticated realtime calls.
 * Service names have no /api prefix here: `realtime.service('releases').on('created', …)`.
 */
export const realtime = feathers();
realtime.configure(socketio(socket));
realtime.hooks({ error: { all: [endSessionOn401] } });

async function attachAccessToken(context: HookContext) {
  const token = await boundSession()?.freshToken();
  if (!token) return;
  const params = context.params as { headers?: Record<string, string> };
  params.headers = { ...params.headers, Authorization: `Bearer ${token}` };
}

/** Access spec §4: an authenticated call refused with 401 ends the session (one alert). */
function endSessionOn401(context: HookContext) {
  if (statusOf(context.error) !== 401) return;
  const params = context.params as { headers?: Record<string, string> };
  const session = boundSession();
  // A public call made without a token is just refused; only a session's call ends it.
  if (session && (params.headers?.Authorization || context.app === realtime)) {
    session.unauthorized();
  }
}
