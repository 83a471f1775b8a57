import type { Knex } from 'knex';
import { signedTransfer } from '../bulk-bench.ts';
import { report, summarise, type Budget } from '../stats.ts';
import { createReleases, unlockWallet } from '../transfer-bench.ts';
import { fanoutRound, type RoundOutcome, type RoundSetting } from './fanout-round.ts';
import { portalApi } from './portal-api.ts';
import { scaleTerminal, scaleWorld } from './scale-world.ts';
import type { ServerProcess } from './server-process.ts';
import { sessionTokens, type TokenSigning } from './session-tokens.ts';
import { SocketClients } from './socket-clients.ts';

/** The budgets of docs/production.md ("Heavy work and its budgets"), with 1,000 sockets on one instance. */
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

/** Stops an instance and starts another in its place (same settings, a new port). */
export type Restart = (server: ServerProcess) => Promise<ServerProcess>;

const usersPerOrganization = 20;
const warmUpReleases = 20;
/** Two instances: an instance whose own clients hear nothing in the warm-up is restarted, twice at most. */
const warmUpAttempts = (instances: number) => (instances > 1 ? 3 : 1);
const mb = (value: number) => value.toFixed(0);

/**
 * Live notices at scale: `clients` sockets signed in, spread evenly over the
 * instances and over the three organisations of one chain (carrier, forwarder, haulier), then
 * the forwarder's signed transfer of `releases` releases to the haulier, sent to the first
 * instance, after a warm-up of 20 (`fanout-round.ts`). Per client, the time from the second
 * call being sent to the last of the transfer's notices arriving; the call's duration; each
 * instance's RSS and event loop; an HTTP probe of every instance meanwhile. With two instances,
 * one whose clients hear nothing in the warm-up (an instance that never subscribed, as feathers-sync could) is
 * restarted and the warm-up repeated, which the lines say. Answers whether the budgets hold.
 */
export async function benchFanout(
  db: Knex,
  signing: TokenSigning,
  instances: readonly ServerProcess[],
  label: string,
  options: FanoutOptions,
  budgets?: FanoutBudgets,
  restart?: Restart,
): Promise<boolean> {
  const servers = [...instances];
  const names = servers.length === 1 ? [''] : servers.map((_, i) => ` ${'AB'[i] ?? i}`);
  const log = (line: string) => console.log(`${label} ${line}`);
  const settingUp = performance.now();
  const world = await scaleWorld(db, usersPerOrganization);
  const [carrierToken, forwarderToken] = await sessionTokens(db, signing, [
    world.carrier.adminUserId,
    world.forwarder.adminUserId,
  ]);
  // The acting people on the first instance (again after a restart: the wallet token is its own).
  const actors = async () => ({
    carrier: portalApi(servers[0]!.baseUrl, carrierToken!),
    forwarder: portalApi(servers[0]!.baseUrl, forwarderToken!),
    carrierWallet: await unlockWallet(servers[0]!, world.carrier.adminUserId),
    forwarderWallet: await unlockWallet(servers[0]!, world.forwarder.adminUserId),
  });
  let acting = await actors();

  // Set-up, before any socket connects: the releases made and passed to the forwarder.
  const sizes = [
    ...Array<number>(warmUpAttempts(servers.length)).fill(warmUpReleases),
    ...Array<number>(options.rounds).fill(options.releases),
  ];
  const batches: string[][] = [];
  for (const count of sizes) {
    const batch: string[] = [];
    for (let made = 0; made < count; made += 1000) {
      const size = Math.min(1000, count - made);
      const numbering = { blPrefix: 'SCALE', owner: 'SCLU' };
      batch.push(...(await createReleases(acting.carrier.post, scaleTerminal, size, numbering)));
    }
    batches.push(batch);
  }
  const all = batches.flat();
  for (let from = 0; from < all.length; from += 10_000) {
    const part = all.slice(from, from + 10_000);
    await signedTransfer(
      acting.carrier.post,
      acting.carrierWallet,
      world.carrier.address,
      part,
      world.forwarder.address,
    );
  }
  const setUpS = (performance.now() - settingUp) / 1000;
  log(
    `set-up: ${all.length} releases created and passed to the forwarder in ${setUpS.toFixed(1)} s`,
  );

  const users = [...world.carrier.userIds, ...world.forwarder.userIds, ...world.haulier.userIds];
  const tokens = await sessionTokens(db, signing, users);
  const perInstance = Math.ceil(options.clients / servers.length);
  const instanceOf = (client: number) => Math.floor(client / perInstance);
  const connect = async () => {
    const before = await Promise.all(servers.map((server) => server.read()));
    const started = performance.now();
    const clients = await SocketClients.connect(
      Array.from({ length: options.clients }, (_, i) => ({
        url: servers[instanceOf(i)]!.baseUrl,
        token: tokens[i % tokens.length]!,
      })),
    );
    const seconds = (performance.now() - started) / 1000;
    const after = await Promise.all(servers.map((server) => server.read()));
    const rss = servers.map(
      (_, i) =>
        `instance${names[i]} RSS ${mb(before[i]!.rssMb)} MB before the sockets, ${mb(after[i]!.rssMb)} after`,
    );
    const retried = clients.retries > 0 ? ` (${clients.retries} sign-ins tried again)` : '';
    log(
      `${options.clients} sockets signed in in ${seconds.toFixed(1)} s${retried}; ${rss.join('; ')}`,
    );
    return clients;
  };
  let clients = await connect();
  const setting = (): RoundSetting => ({
    servers,
    clients,
    post: acting.forwarder.post,
    wallet: acting.forwarderWallet,
    by: world.forwarder.address,
    to: world.haulier.address,
    timeoutMs: options.timeoutMs,
    log,
  });

  const latencies: number[] = [];
  const latenciesOf = servers.map(() => [] as number[]);
  const httpOf = servers.map(() => [] as number[]);
  try {
    const warmUps = batches.slice(0, warmUpAttempts(servers.length));
    for (const [attempt, batch] of warmUps.entries()) {
      // The warm-up: JIT, plans, and (two instances) the path through Redis proven.
      const outcome = await fanoutRound({ ...setting(), timeoutMs: 60_000 }, batch);
      describe(`warm-up ${attempt + 1}`, outcome, batch.length);
      if (outcome.how === 'exited' || outcome.how === 'not sent') return false;
      const deaf = servers.filter((_, i) =>
        outcome.results.some((result, c) => instanceOf(c) === i && result.doneAt === null),
      );
      if (deaf.length === 0) break;
      if (!restart || attempt === warmUps.length - 1) {
        log('measuring anyway, with clients that do not hear');
        break;
      }
      await clients.close();
      for (const server of deaf) {
        const i = servers.indexOf(server);
        log(`instance${names[i]}'s clients did not all hear the warm-up: restarting it`);
        servers[i] = await restart(server);
      }
      acting = await actors();
      clients = await connect();
    }
    for (const [round, batch] of batches.slice(warmUps.length).entries()) {
      const outcome = await fanoutRound(setting(), batch);
      describe(`round ${round + 1}`, outcome, batch.length);
      if (outcome.how === 'exited' || outcome.how === 'not sent') return false;
      outcome.results.forEach((result, i) => {
        const latency =
          result.doneAt === null || outcome.sentAt === null
            ? Number.POSITIVE_INFINITY
            : result.doneAt - outcome.sentAt;
        latencies.push(latency);
        latenciesOf[instanceOf(i)]!.push(latency);
      });
      outcome.http?.samples.forEach((samples, i) => httpOf[i]!.push(...samples));
    }
  } finally {
    await clients.close();
  }

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
    const name = `${label} HTTP app-info meanwhile${servers.length > 1 ? `, instance${names[i]}` : ''}`;
    ok = report(name, summarise(samples), budgets?.http) && ok;
  });
  return ok;

  /** One round's line: the call, how many heard, each instance's memory and event loop. */
  function describe(what: string, outcome: RoundOutcome, releases: number) {
    const { results } = outcome;
    const done = results.filter((result) => result.doneAt !== null).length;
    const call =
      outcome.callMs === null ? 'did not answer' : `took ${outcome.callMs.toFixed(0)} ms`;
    const memory = servers.map((_, i) => {
      const loop = outcome.readings[i]?.eventLoop;
      return (
        `instance${names[i]} RSS peak ${mb(outcome.rssPeakMb[i]!)} MB, now ${mb(outcome.readings[i]?.rssMb ?? Number.NaN)}, ` +
        `event-loop max ${loop?.maxMs.toFixed(0) ?? '?'} ms (p99 ${loop?.p99Ms.toFixed(0) ?? '?'}), ` +
        `CPU ${outcome.cpuMs[i]?.toFixed(0) ?? '?'} ms`
      );
    });
    log(
      `${what}, transfer of ${releases}: the call ${call}${outcome.callError ? ` (${outcome.callError})` : ''}; ` +
        `${done} of ${results.length} clients heard all (${outcome.how}); ${memory.join('; ')}`,
    );
    if (done < results.length) {
      const counts = servers.map((_, i) =>
        results.filter((_, c) => instanceOf(c) === i).map((result) => result.heard),
      );
      const dropped = results.filter((result) => result.disconnects.length > 0).length;
      const heard = counts.map((list, i) => {
        const sorted = [...list].sort((a, b) => a - b);
        return `instance${names[i]}'s clients heard ${sorted[0]} to ${sorted.at(-1)} (median ${sorted[sorted.length >> 1]})`;
      });
      log(`${what}: of ${releases}, ${heard.join('; ')}; ${dropped} sockets were disconnected`);
    }
    for (const exit of outcome.exits) log(`${what}: ${exit}`);
    if (outcome.http?.failures) log(`${what}: ${outcome.http.failures} HTTP probes failed`);
  }
}
