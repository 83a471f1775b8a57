import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got, and whether it answered 2xx. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  accepted: boolean;
}

/**
 * A webhook receiver on 127.0.0.1 for API tests: it is "down" (drops the connection without
 * an answer) for the first `downFor` requests of each event id, then answers 204.
 */
export async function webhookReceiver(options: { downFor?: number } = {}) {
  const received: Received[] = [];
  const seen = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const eventId = String(request.headers['x-scr-event-id']);
      const tries = (seen.get(eventId) ?? 0) + 1;
      seen.set(eventId, tries);
      const down = tries <= (options.downFor ?? 0);
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
        accepted: !down,
      });
      if (down) request.socket.destroy();
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/releases`,
    received,
    /** What it accepted, body parsed. */
    accepted: () =>
      received.filter((r) => r.accepted).map((r) => ({ ...r, event: JSON.parse(r.body) })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
