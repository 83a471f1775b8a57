import type { Knex } from 'knex';
import { signedTransfer, type Post } from '../bulk-bench.ts';
import { report, summarise, type Budget } from '../stats.ts';
import { createReleases, unlockWallet } from '../transfer-bench.ts';
import { startHttpProbe } from './http-probe.ts';
import { portalApi } from './portal-api.ts';
import { scaleTerminal, scaleWorld } from './scale-world.ts';
import type { ServerProcess, ServerReading } from './server-process.ts';
import { sessionTokens, type TokenSigning } from './session-tokens.ts';
import { SocketClients, type ClientResult } from './socket-clients.ts';

/** Issue 42 item 5's budgets, with 1,000 sockets on one instance. */
export interface FanoutBudgets {
  /** From the transfer's second call sent to a client's last notice, over all clients. */
  notices: Budget;
  /** The instance's HTTP answers meanwhile. */
  http: Budget;
}

export interface FanoutOptions {
  clients: number;
  /** Releases of the measured transfer. */
  releases: number;
  /** Measured transfers, each of fresh releases (latencies pooled over clients and rounds). */
  rounds: number;
  /** How long to wait for every client to hear of a transfer, from its second call. */
  timeoutMs: number;
}

const usersPerOrganization = 20;
const warmUpReleases = 20;
const now = () => performance.timeOrigin + performance.now();
const mb = (value: number) => value.toFixed(0);
const within = (promise: Promise<void>, ms: number) =>
  Promise.race([
    promise.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref()),
  ]);

/**
 * Issue 42 item 5, live notices at scale: `clients` sockets signed in, spread evenly over the
 * instances and over the three organisations of one chain (carrier, forwarder, haulier), then
 * the forwarder's signed transfer of `releases` releases to the haulier, sent to the first
 * instance. Per client, the time from the second call being sent to the last of the transfer's
 * notices arriving; the call's own duration; each instance's RSS before and after the sockets
 * connect and its peak meanwhile; an HTTP probe of every instance (`GET /api/app-info` every
 * 20 ms) from the second call until every client has heard. Answers whether the budgets hold.
 */
export async function benchFanout(
  db: Knex,
  signing: TokenSigning,
  servers: readonly ServerProcess[],
  label: string,
  options: FanoutOptions,
  budgets?: FanoutBudgets,
): Promise<boolean> {
  const world = await scaleWorld(db, usersPerOrganization);
  const target = servers[0]!;
  const [carrierToken, forwarderToken] = await sessionTokens(db, signing, [
    world.carrier.adminUserId,
    world.forwarder.adminUserId,
  ]);
  const asCarrier = portalApi(target.baseUrl, carrierToken!);
  const asForwarder = portalApi(target.baseUrl, forwarderToken!);
  const carrierWallet = await unlockWallet(target, world.carrier.adminUserId);
  const forwarderWallet = await unlockWallet(target, world.forwarder.adminUserId);

  // Set-up, before any socket connects: the releases made and passed to the forwarder.
  const batches: string[][] = [];
  for (const count of [warmUpReleases, ...Array<number>(options.rounds).fill(options.releases)]) {
    const batch: string[] = [];
    for (let made = 0; made < count; made += 1000) {
      const size = Math.min(1000, count - made);
      batch.push(
        ...(await createReleases(asCarrier.post, scaleTerminal, size, {
          blPrefix: 'SCALE',
          owner: 'SCLU',
        })),
      );
    }
    batches.push(batch);
  }
  const all = batches.flat();
  for (let from = 0; from < all.length; from += 10_000) {
    await signedTransfer(
      asCarrier.post,
      carrierWallet,
      world.carrier.address,
      all.slice(from, from + 10_000),
      world.forwarder.address,
    );
  }

  const before = await Promise.all(servers.map((server) => server.read()));
  const users = [...world.carrier.userIds, ...world.forwarder.userIds, ...world.haulier.userIds];
  const tokens = await sessionTokens(db, signing, users);
  const perInstance = Math.ceil(options.clients / servers.length);
  const instanceOf = (client: number) => Math.floor(client / perInstance);
  const connecting = performance.now();
  const clients = await SocketClients.connect(
    Array.from({ length: options.clients }, (_, i) => ({
      url: servers[instanceOf(i)]!.baseUrl,
      token: tokens[i % tokens.length]!,
    })),
  );
  const connectMs = performance.now() - connecting;
  const connected = await Promise.all(servers.map((server) => server.read()));

  const latencies: number[] = [];
  const latenciesOf = servers.map(() => [] as number[]);
  const httpOf = servers.map(() => [] as number[]);
  const calls: number[] = [];
  const notes: string[] = [];
  let during: ServerReading[] = [];
  let httpFailures = 0;
  try {
    for (const [round, batch] of batches.entries()) {
      const heard = await clients.expect(batch);
      let sentAt = 0;
      let callMs = 0;
      let probe: ReturnType<typeof startHttpProbe> | null = null;
      const timed: Post = async <T>(path: string, body: unknown) => {
        if (!(body as { statement?: unknown }).statement) return asForwarder.post<T>(path, body);
        await Promise.all(servers.map((server) => server.read(true)));
        probe = startHttpProbe(
          servers.map((server) => server.baseUrl),
          '/api/app-info',
        );
        sentAt = now();
        const answer = await asForwarder.post<T>(path, body);
        callMs = now() - sentAt;
        return answer;
      };
      await signedTransfer(
        timed,
        forwarderWallet,
        world.forwarder.address,
        batch,
        world.haulier.address,
      );
      const allHeard = await within(heard.allHeard, options.timeoutMs - (now() - sentAt));
      const http = await (probe as ReturnType<typeof startHttpProbe> | null)?.stop();
      const results = await clients.results();
      const missing = results.filter((result) => result.doneAt === null).length;
      if (round === 0) {
        // The warm-up: JIT, plans, and (two instances) the path through Redis proven.
        notes.push(
          `warm-up of ${batch.length}: ${results.length - missing} of ${results.length} clients heard all` +
            (allHeard ? '' : ` within ${options.timeoutMs / 1000} s`),
        );
        continue;
      }
      calls.push(callMs);
      during = await Promise.all(servers.map((server) => server.read()));
      results.forEach((result: ClientResult, i) => {
        const latency = result.doneAt === null ? Number.POSITIVE_INFINITY : result.doneAt - sentAt;
        latencies.push(latency);
        latenciesOf[instanceOf(i)]!.push(latency);
      });
      http?.samples.forEach((samples, i) => httpOf[i]!.push(...samples));
      httpFailures += http?.failures ?? 0;
      if (missing > 0) {
        const heardCounts = results.map((result) => result.heard).sort((a, b) => a - b);
        notes.push(
          `round ${round}: ${missing} clients had not heard all ${batch.length} after ` +
            `${options.timeoutMs / 1000} s (fewest heard ${heardCounts[0]}, median ${heardCounts[heardCounts.length >> 1]}); ` +
            `disconnected: ${results.filter((r) => r.disconnects.length > 0).length}`,
        );
      }
    }
  } finally {
    await clients.close();
  }

  const names = servers.length === 1 ? [''] : servers.map((_, i) => ` ${'AB'[i] ?? i}`);
  const memory = servers
    .map(
      (_, i) =>
        `instance${names[i]} RSS ${mb(before[i]!.rssMb)} MB before the sockets, ${mb(connected[i]!.rssMb)} after, ` +
        `peak ${mb(during[i]?.rssPeakMb ?? Number.NaN)} during the transfer, event-loop max ${during[i]?.eventLoop.maxMs.toFixed(0)} ms ` +
        `(p99 ${during[i]?.eventLoop.p99Ms.toFixed(0)})`,
    )
    .join('; ');
  console.log(
    `${label} ${options.clients} sockets signed in in ${(connectMs / 1000).toFixed(1)} s; ` +
      `transfer call${calls.length > 1 ? 's' : ''} ${calls.map((ms) => ms.toFixed(0)).join(', ')} ms; ${memory}`,
  );
  for (const note of notes) console.log(`${label} ${note}`);
  if (httpFailures > 0) console.log(`${label} HTTP probe: ${httpFailures} requests failed`);
  const n = options.releases.toLocaleString('en');
  let ok = report(
    `${label} notices of a ${n}-release transfer`,
    summarise(latencies),
    budgets?.notices,
  );
  if (servers.length > 1) {
    latenciesOf.forEach((samples, i) => {
      report(`${label} notices, clients of instance${names[i]}`, summarise(samples));
    });
  }
  httpOf.forEach((samples, i) => {
    ok =
      report(
        `${label} HTTP app-info meanwhile${servers.length > 1 ? `, instance${names[i]}` : ''}`,
        summarise(samples),
        budgets?.http,
      ) && ok;
  });
  return ok;
}
