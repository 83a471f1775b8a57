import { io, type Socket } from 'socket.io-client';

/** A release notice a socket heard: the event (`created`, `patched`, `removed`) and its payload. */
export interface Heard {
  event: string;
  payload: Record<string, unknown>;
}

/** Feathers over socket.io: emits a method call and resolves with the acknowledgement (error, result). */
export function socketCall(
  socket: Socket,
  method: string,
  ...args: unknown[]
): Promise<[unknown, unknown]> {
  return new Promise((resolve) =>
    socket.emit(method, ...args, (...answer: unknown[]) => resolve(answer as [unknown, unknown])),
  );
}

/**
 * A socket.io client of the test's own that records every `releases` event it hears and why it
 * was disconnected, signed in with `accessToken` when one is given (the answer is returned).
 * Every socket made is pushed to `sockets`, for the test to close.
 */
export async function releaseListener(baseUrl: string, sockets: Socket[], accessToken?: string) {
  const socket = io(baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const heard: Heard[] = [];
  const closed: string[] = [];
  for (const event of ['created', 'patched', 'removed']) {
    socket.on(`releases ${event}`, (payload: Record<string, unknown>) =>
      heard.push({ event, payload }),
    );
  }
  socket.on('disconnect', (reason) => closed.push(reason));
  let signedIn: [unknown, unknown] = [null, null];
  if (accessToken) {
    signedIn = await socketCall(socket, 'create', 'authentication', {
      strategy: 'jwt',
      accessToken,
    });
  }
  return { socket, heard, closed, error: signedIn[0], answer: signedIn[1] };
}
