import { realtime, socket } from './client.ts';
import { statusOf } from './http.ts';

let accessToken: string | null = null;
let onUnauthorized: () => void = () => undefined;

async function authenticate() {
  if (!accessToken) return;
  try {
    await realtime.service('authentication').create({ strategy: 'jwt', accessToken });
  } catch (error) {
    if (statusOf(error) === 401) onUnauthorized();
  }
}

// Every (re)connection starts unauthenticated on the server: authenticate it again.
socket.on('connect', () => void authenticate());

/**
 * Opens the socket for the signed-in user and authenticates it with their access token
 * (strategy jwt, as the Feathers authentication client would). `unauthorized` is called when
 * the server refuses the token.
 */
export function connectRealtime(token: string, unauthorized: () => void): void {
  accessToken = token;
  onUnauthorized = unauthorized;
  if (socket.connected) void authenticate();
  else socket.connect();
}

/** After a token refresh: the socket's authentication would otherwise end with the old token. */
export function refreshRealtime(token: string): void {
  accessToken = token;
  if (socket.connected) void authenticate();
}

/** On logout: close the socket and forget the token. */
export function disconnectRealtime(): void {
  accessToken = null;
  onUnauthorized = () => undefined;
  socket.disconnect();
}
