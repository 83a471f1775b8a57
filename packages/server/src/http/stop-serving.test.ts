import { once } from 'node:events';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { stopGraceMs } from '../app.ts';
import { connectionRefused, slowRequest } from '../test/slow-request.ts';
import { startTestApp, type TestServer } from '../test/start-app.ts';
import { waitFor } from '../test/wait-for.ts';
import { readinessOf } from './readiness.ts';

/** Issue 42 item 7: what a stop does to the requests and sockets of an instance. */

const sockets: Socket[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  for (const server of servers.splice(0)) await server.stop();
});

/** A test app, and a request to it that has started and waits for the rest of its body. */
async function appWithRequestUnderWay() {
  const server = await startTestApp();
  servers.push(server);
  const started = once(server.portal.app.server!, 'request');
  const request = await slowRequest(server.port, '/api/authentication', {
    strategy: 'jwt',
    accessToken: 'not a token at all',
  });
  await started;
  return { server, request };
}

describe('issue 42 item 7: a stop', () => {
  it('answers not ready at once, refuses new connections, sends sockets elsewhere and lets the request finish', async () => {
    const { server, request } = await appWithRequestUnderWay();
    const socket = io(server.baseUrl, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const stopped = server.portal.stop();
    const report = await readinessOf(server.portal.app).report();
    expect(report).toMatchObject({
      status: 'unavailable',
      parts: { shutdown: { state: 'down', detail: expect.stringContaining('stopping') } },
    });
    await waitFor('the listener to close', () => !server.portal.app.server!.listening);
    expect(await connectionRefused(server.port)).toBe(true);
    // Closed from below, so the stock client reconnects by itself (through a balancer: elsewhere).
    expect(await disconnected).toBe('transport close');
    expect(socket.active).toBe(true);
    socket.disconnect();

    const answer = await request.finish();
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ data: { code: 'session_invalid' } });
    await stopped;
  });

  it('cuts a request that never finishes once the grace is over', async () => {
    const { server, request } = await appWithRequestUnderWay();
    const started = performance.now();
    await server.portal.stop();
    const tookMs = performance.now() - started;
    await request.closed;
    expect(request.received()).toBe('');
    expect(tookMs).toBeGreaterThanOrEqual(stopGraceMs.requests - 50);
    const budget = Object.values(stopGraceMs).reduce((sum, ms) => sum + ms, 0);
    expect(tookMs).toBeLessThan(budget);
  });
});
