import { connect, type Socket } from 'node:net';

export interface SlowRequest {
  /** Sends the rest of the body and resolves with the answer's status line and body. */
  finish(): Promise<{ status: number; body: string }>;
  /** Resolves when the server closed the connection (answered or cut). */
  closed: Promise<void>;
  /** Whatever the server sent so far. */
  received(): string;
}

/**
 * A request still under way: its headers and the first half of its JSON body sent, the rest only
 * on `finish()`. For stop tests: the server has started it and must let it finish (or cut it).
 */
export async function slowRequest(port: number, path: string, body: unknown): Promise<SlowRequest> {
  const json = Buffer.from(JSON.stringify(body));
  const half = Math.floor(json.length / 2);
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) =>
    socket.once('connect', resolve).once('error', reject),
  );
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${json.length}\r\n\r\n`,
  );
  socket.write(json.subarray(0, half));
  return {
    closed,
    received: () => received,
    async finish() {
      socket.write(json.subarray(half));
      await new Promise<void>((resolve) => {
        const check = () => (/\r\n\r\n[\s\S]*\}$/.test(received) ? resolve() : undefined);
        socket.on('data', check);
        socket.once('close', () => resolve());
        check();
      });
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      return { status, body: received.slice(received.indexOf('\r\n\r\n') + 4) };
    },
  };
}

/** Whether a new TCP connection to the port is refused. */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
