import { whenIdle } from '../ui/when-idle.ts';
import { statusOf } from './http.ts';
import type * as RealtimeModule from './realtime-client.ts';

let accessToken: string | null = null;
let onUnauthorized: () => void = () => undefined;

type RealtimeClient = typeof RealtimeModule;
let client: Promise<RealtimeClient> | null = null;

/**
 * The socket and its Feathers client, downloaded at the first sign-in (issue 15: the login page
 * carries no socket.io code). Every (re)connection starts unauthenticated on the server, so each
 * one authenticates again.
 */
function realtimeClient(): Promise<RealtimeClient> {
  client ??= import('./realtime-client.ts').then((loaded) => {
    loaded.socket.on('connect', () => void authenticate(loaded));
    return loaded;
  });
  return client;
}

async function authenticate({ realtime }: RealtimeClient) {
  if (!accessToken) return;
  try {
    await realtime.service('authentication').create({ strategy: 'jwt', accessToken });
  } catch (error) {
    if (statusOf(error) === 401) onUnauthorized();
  }
}

/**
 * Opens the socket for the signed-in user and authenticates it with their access token
 * (strategy jwt, as the Feathers authentication client would). `unauthorized` is called when
 * the server refuses the token. The socket's code is fetched and run once the page's start-up
 * work is done (`whenIdle`): the page's first answers come over REST, the socket only tells of
 * later changes.
 */
export function connectRealtime(token: string, unauthorized: () => void): void {
  accessToken = token;
  onUnauthorized = unauthorized;
  void whenIdle()
    .then(realtimeClient)
    .then((loaded) => {
      // Signed out again while the client was downloading.
      if (!accessToken) return;
      if (loaded.socket.connected) void authenticate(loaded);
      else loaded.socket.connect();
    });
}

/** After a token refresh: the socket's authentication would otherwise end with the old token. */
export function refreshRealtime(token: string): void {
  accessToken = token;
  void client?.then((loaded) => {
    if (loaded.socket.connected) void authenticate(loaded);
  });
}

/** On logout: close the socket and forget the token. */
export function disconnectRealtime(): void {
  accessToken = null;
  onUnauthorized = () => undefined;
  void client?.then((loaded) => loaded.socket.disconnect());
}
