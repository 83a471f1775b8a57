/**
 * A worker thread holding some of the bench's socket.io clients (`socket-clients.ts`), so that
 * parsing their notices shares neither the server's event loop nor the bench's. Each client
 * signs in with its access token (`create authentication`, strategy jwt, as the web app's
 * realtime client does), then counts the releases it hears of, in either shape a notice takes:
 * one Feathers event per release (`releases created|patched|removed`, with `address`) or one
 * `releases notice` per organisation channel listing its releases by BL,
 * `bls: [{blNumber, addresses, …}]` (older servers: `releases: [{address, …}]`).
 *
 * Messages from the bench: `{type: 'connect'}`, `{type: 'expect', addresses}` (a fresh count per
 * client), `{type: 'report'}`, `{type: 'close'}`; every answer repeats the request's `id`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

/** @type {{url: string, token: string}[]} */
const specs = workerData.clients;
const now = () => performance.timeOrigin + performance.now();

const clients = specs.map(() => ({
  socket: null,
  heard: null,
  count: 0,
  doneAt: null,
  events: 0,
  disconnects: [],
}));
/** The releases now expected, by lower-cased address: their index in each client's bitmap. */
let expected = new Map();
let pendingDone = 0;
let expectId = null;

function heardOf(client, address) {
  const index = typeof address === 'string' ? expected.get(address.toLowerCase()) : undefined;
  if (index === undefined || client.heard[index]) return;
  client.heard[index] = 1;
  client.count += 1;
  if (client.count === expected.size) {
    client.doneAt = now();
    pendingDone -= 1;
    if (pendingDone === 0) parentPort.postMessage({ type: 'done', id: expectId });
  }
}

function listen(client, socket) {
  for (const event of ['created', 'patched', 'removed']) {
    socket.on(`releases ${event}`, (payload) => {
      client.events += 1;
      if (client.heard) heardOf(client, payload?.address);
    });
  }
  socket.on('releases notice', (payload) => {
    client.events += 1;
    if (!client.heard) return;
    for (const bl of payload?.bls ?? []) {
      for (const address of bl?.addresses ?? []) heardOf(client, address);
    }
    for (const release of payload?.releases ?? []) heardOf(client, release?.address);
  });
  socket.on('disconnect', (reason) => client.disconnects.push(String(reason)));
}

/** Sign-ins tried again, over all of this thread's clients. */
let retries = 0;

/** Opens a client's socket and signs it in; answers null, or why it was refused. */
function connectOnce(spec, client) {
  const socket = io(spec.url, { transports: ['websocket'], forceNew: true, reconnection: false });
  client.socket = socket;
  listen(client, socket);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('no answer to the sign-in within 120 s'), 120_000);
    socket.emit(
      'create',
      'authentication',
      { strategy: 'jwt', accessToken: spec.token },
      (error) => {
        clearTimeout(timer);
        resolve(error ? String(error.message ?? JSON.stringify(error)) : null);
      },
    );
  });
}

/**
 * A sign-in that gets no answer on a loaded machine is tried again with a fresh socket, twice
 * at most (the sign-ins are set-up, not measured); answers null, or the last refusal.
 */
async function connect(spec, client) {
  let error = null;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (attempt > 0) {
      client.socket?.close();
      client.disconnects = [];
      retries += 1;
    }
    error = await connectOnce(spec, client);
    if (error === null) return null;
  }
  return error;
}

parentPort.on('message', async (message) => {
  const answer = (body) => parentPort.postMessage({ type: 'answer', id: message.id, ...body });
  if (message.type === 'connect') {
    const errors = [];
    // A few at a time, as people arrive; not 500 handshakes in one go.
    for (let from = 0; from < specs.length; from += 10) {
      const batch = specs.slice(from, from + 10);
      const results = await Promise.all(batch.map((spec, i) => connect(spec, clients[from + i])));
      for (const error of results) if (error) errors.push(error);
    }
    answer({ errors, retries });
  } else if (message.type === 'expect') {
    expected = new Map(message.addresses.map((address, i) => [address.toLowerCase(), i]));
    expectId = message.id;
    pendingDone = clients.length;
    for (const client of clients) {
      client.heard = new Uint8Array(expected.size);
      client.count = 0;
      client.doneAt = null;
      client.events = 0;
    }
    answer({});
  } else if (message.type === 'report') {
    answer({
      clients: clients.map(({ count, doneAt, events, disconnects }) => ({
        heard: count,
        doneAt,
        events,
        disconnects,
      })),
    });
  } else if (message.type === 'close') {
    for (const client of clients) client.socket?.close();
    answer({});
  }
});
