import type { Server } from 'node:http';
import type { Server as SocketServer } from 'socket.io';

/** How often idle keep-alive connections are closed while requests under way finish. */
const idleSweepMs = 50;

/**
 * Stops serving HTTP and socket.io for a shutdown, in the order a load balancer needs:
 *
 * 1. The listening socket closes: a new connection is refused, and the balancer tries another
 *    instance (readiness already answers 503 on the connections still open).
 * 2. Every socket.io client's transport is closed. The stock client then reconnects by itself,
 *    through the balancer to another instance, where a server-side `disconnect` would leave it
 *    disconnected for good (that is what ending a session does).
 * 3. Requests under way finish; each keep-alive connection is closed once it is idle.
 * 4. After `graceMs`, whatever is left is cut.
 *
 * Resolves when every connection is gone, or shortly after the cut.
 */
export async function stopServing(
  server: Server,
  io: SocketServer | undefined,
  graceMs: number,
): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  io?.engine.close();
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), idleSweepMs);
  let cut: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => {
    cut = setTimeout(resolve, graceMs);
  });
  try {
    if ((await Promise.race([closed.then(() => 'closed'), graceOver])) === 'closed') return;
    server.closeAllConnections();
    io?.engine.close();
    // A socket the cut could not reach (an upgraded one in the middle of a write) no longer
    // holds up the stop.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 500).unref())]);
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
