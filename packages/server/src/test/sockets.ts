import { noticeReleases, type ReleaseNoticePayload } from '@scr/domain';
import { io, type Socket } from 'socket.io-client';

/**
 * One release a socket heard of: the event (`notice`) and, as its payload, the release with its
 * notice's operation, organisation and actor.
 */
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
 * A socket.io client of the test's own, signed in with `accessToken` when one is given (the
 * answer is returned), that records the `releases notice` messages it receives (`notices`, one
 * per message), every release they name (`heard`), any other `releases …`
 * event (`others`: there should be none), the frames of those events as they came off the wire
 * (`frames`: count and bytes) and why it was disconnected. Every socket made is
 * pushed to `sockets`, for the test to close.
 */
export async function releaseListener(baseUrl: string, sockets: Socket[], accessToken?: string) {
  const socket = io(baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const notices: ReleaseNoticePayload[] = [];
  const heard: Heard[] = [];
  const others: string[] = [];
  const closed: string[] = [];
  // The frames of `releases …` events as they arrive, before socket.io decodes them.
  const frames = { count: 0, bytes: 0 };
  socket.io.on('open', () =>
    socket.io.engine.on('data', (data: unknown) => {
      if (typeof data !== 'string' || !data.startsWith('2["releases ')) return;
      frames.count += 1;
      frames.bytes += Buffer.byteLength(data);
    }),
  );
  socket.onAny((event: string, payload: ReleaseNoticePayload) => {
    if (!event.startsWith('releases ')) return;
    if (event !== 'releases notice') {
      others.push(event);
      return;
    }
    notices.push(payload);
    const { bls: _bls, ...notice } = payload;
    for (const release of noticeReleases(payload))
      heard.push({ event: 'notice', payload: { ...release, ...notice } });
  });
  socket.on('disconnect', (reason) => closed.push(reason));
  let signedIn: [unknown, unknown] = [null, null];
  if (accessToken) {
    signedIn = await socketCall(socket, 'create', 'authentication', {
      strategy: 'jwt',
      accessToken,
    });
  }
  return {
    socket,
    notices,
    heard,
    others,
    frames,
    closed,
    error: signedIn[0],
    answer: signedIn[1],
  };
}
