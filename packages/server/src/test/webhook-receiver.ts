import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got, and whether it answered 2xx. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  accepted: boolean;
  /** When the request's body had arrived (ms since the epoch). */
  at: number;
}

/**
 * How a receiver answers (issue 42 item 6): `ok` 204 (after `delayMs`, if any), `fail` 503,
 * `hang` accepts the connection and the request and never answers.
 */
export interface ReceiverBehaviour {
  mode: 'ok' | 'fail' | 'hang';
  delayMs: number;
}

/**
 * A webhook receiver on 127.0.0.1 for API tests: it is "down" (drops the connection without
 * an answer) for the first `downFor` requests of each event id, then answers as `behaviour`
 * says. `stop()` takes it off the network (connections refused), `start()` brings it back on
 * the same port. It counts the requests it holds at once (`maxInFlight`).
 */
export async function webhookReceiver(
  options: { downFor?: number; mode?: ReceiverBehaviour['mode'] } = {},
) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const behaviour: ReceiverBehaviour = { mode: options.mode ?? 'ok', delayMs: 0 };
  const held = new Set<ServerResponse>();
  /** When the sender gave up a request this receiver held unanswered (ms since the epoch). */
  const givenUpAt: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((request, response) => {
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    response.on('close', () => {
      inFlight -= 1;
      if (held.delete(response) && server.listening) givenUpAt.push(Date.now());
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const eventId = String(request.headers['x-scr-event-id']);
      const tries = (seen.get(eventId) ?? 0) + 1;
      seen.set(eventId, tries);
      const down = tries <= (options.downFor ?? 0);
      const { mode, delayMs } = behaviour;
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        accepted: !down && mode === 'ok',
        at: Date.now(),
      });
      if (down) return request.socket.destroy();
      if (mode === 'hang') return void held.add(response);
      if (mode === 'fail') return void response.writeHead(503).end();
      setTimeout(() => response.writeHead(204).end(), delayMs);
    });
  });
  let port = 0;
  const start = async () => {
    if (server.listening) return;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  const stop = async () => {
    if (!server.listening) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}/hooks/releases`,
    received,
    behaviour,
    givenUpAt,
    /** The most requests it held at once so far. */
    maxInFlight: () => maxInFlight,
    /** What it accepted, body parsed. */
    accepted: () =>
      received.filter((r) => r.accepted).map((r) => ({ ...r, event: JSON.parse(r.body) })),
    start,
    stop,
    close: stop,
  };
}
