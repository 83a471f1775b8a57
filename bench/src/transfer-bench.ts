import { randomBytes } from 'node:crypto';
import {
  containerCheckDigit,
  custodyStatement,
  pincodeHash,
  statementText,
  type CustodyApplyAnswer,
  type CustodyDryRunAnswer,
} from '@scr/domain';
import { factoryPassword } from '../../packages/server/src/test/factories.ts';
import type { BenchPortal } from './portal.ts';
import { profileCpu } from './cpu-profile.ts';
import { PostgresCpu } from './postgres-cpu.ts';
import { QueryLog } from './query-log.ts';
import { report, reportRate, summarise, type Budget, type RateBudget } from './stats.ts';
import { reconnect, removeTransferWorlds, transferWorld } from './transfer-world.ts';

/** The budgets of issue "Custody chain" (on PostgreSQL). */
export interface TransferBudgets {
  endToEnd: Budget;
  applyRate: RateBudget;
}

export interface TransferBenchOptions {
  /** Releases per transfer: 1,000 in the issue. */
  releases: number;
  /** Measured transfers, each of fresh releases, after one unmeasured warm-up transfer. */
  rounds: number;
  /**
   * After the measured rounds, one more (not counted) that prints where the time of the dry
   * run, the wallet reseal and the second call goes: CPU samples, and the second call's SQL.
   */
  profile: boolean;
}

/** Wall time and this process's CPU time (all threads) of one phase, in milliseconds. */
interface Timing {
  wall: number;
  cpu: number;
}

/** The timings of one transfer, phase by phase (as the browser makes them). */
interface Round {
  create: Timing;
  dryRun: Timing;
  reseal: Timing;
  sign: Timing;
  apply: Timing;
  endToEnd: Timing;
  /** SQL time and statement count inside the dry run and the second call (Knex's events). */
  dryRunSql: number;
  applySql: number;
  applyQueries: number;
  /** PostgreSQL's own CPU time in the dry run and the second call, when it can be read. */
  dryRunDb: number | null;
  applyDb: number | null;
}

/** Starts a stopwatch of wall and CPU time; calling what it answers reads it. */
function stopwatch(): () => Timing {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { wall: performance.now() - wall, cpu: (used.user + used.system) / 1000 };
  };
}

/**
 * Issue "Custody chain": one transfer of `releases` fresh releases from a carrier to a
 * forwarder, end to end as the browser makes it (DESIGN §3 "Pincodes, end to end"): the dry
 * run, the cloud wallet over HTTP resealing every pincode to the target and signing one
 * statement, then the second call. Answers whether the budgets (if any) hold.
 */
export async function benchTransfer(
  bench: BenchPortal,
  budgets: TransferBudgets | undefined,
  options: TransferBenchOptions,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const world = await transferWorld(bench);
  const wallet = await unlockWallet(bench, world.carrierUserId);
  const queries = new QueryLog(bench.portal.knex);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const postgres =
    bench.backend === 'postgres' && databaseUrl ? new PostgresCpu(databaseUrl) : null;
  const dbCpu = () => postgres?.read() ?? null;
  const since = (before: number | null) => {
    const now = dbCpu();
    return before === null || now === null ? null : now - before;
  };
  const api = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${bench.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${world.token}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };

  // In the profiled round, a phase runs under the CPU profiler and prints where its time went.
  const phase = async <T>(profile: boolean, name: string, operation: () => Promise<T>) => {
    if (!profile) return operation();
    const { result, lines } = await profileCpu(operation);
    console.log(label(`CPU of ${name}, ${lines[0]}`));
    for (const line of lines.slice(1)) console.log(label(`  ${line}`));
    return result;
  };

  const transferOnce = async (profile: boolean): Promise<Round> => {
    const creating = stopwatch();
    const addresses = await createReleases(api, world.terminal, options.releases);
    const create = creating();

    // The measured part: what the user waits for after pressing "Transfer".
    postgres?.refresh();
    queries.start();
    let db = dbCpu();
    const endToEnd = stopwatch();
    let step = stopwatch();
    const dryRun = await phase(profile, 'the dry run', () =>
      api<CustodyDryRunAnswer>('transfers', {
        dryRun: true,
        release_addresses: addresses,
        target_organization_address: world.targetAddress,
      }),
    );
    const receivedAt = Date.now();
    const dryRunTime = step();
    step = stopwatch();
    const dryRunDb = since(db);
    const dryRunSql = queries.stop().sqlMs;
    if (dryRun.eligible_releases.length !== addresses.length || !dryRun.target) {
      throw new Error(`the dry run found ${dryRun.eligible_releases.length} eligible releases`);
    }
    const target = dryRun.target;
    const resealed = await phase(profile, 'the wallet reseal', () =>
      wallet.reseal(
        target.sealingPublicKey,
        dryRun.eligible_releases.map(({ address, encryptedPincode }) => ({
          address,
          encryptedPincode: encryptedPincode!,
        })),
      ),
    );
    const reseal = step();
    step = stopwatch();
    const sealedFor = new Map(resealed.map((item) => [item.address, item.encryptedPincode]));
    const covered = dryRun.eligible_releases.map(({ address, version }) => ({
      address,
      version,
      encryptedPincode: sealedFor.get(address) ?? null,
    }));
    // The statement's time is the server's clock, carried forward (as the web app does).
    const at = new Date(Date.parse(dryRun.serverTime) + Date.now() - receivedAt).toISOString();
    const statement = statementText(
      custodyStatement({
        action: 'transfer',
        by: world.carrierAddress,
        at,
        releases: covered.map(({ address, version, encryptedPincode }) => ({
          address,
          version,
          pincodeHash: pincodeHash(encryptedPincode),
        })),
        to: target.address,
      }),
    );
    const signature = await wallet.sign(statement);
    const sign = step();
    step = stopwatch();
    queries.start(profile);
    db = dbCpu();
    const applied = await phase(profile, 'the second call', () =>
      api<CustodyApplyAnswer>('transfers', {
        release_addresses: covered,
        target_organization_address: target.address,
        statement,
        signature,
      }),
    );
    const apply = step();
    const applyDb = since(db);
    const total = endToEnd();
    const applySql = queries.stop();
    if (applied.applied.length !== addresses.length) {
      throw new Error(`the transfer applied ${applied.applied.length} releases`);
    }
    if (profile) {
      console.log(label(`slowest SQL of one second call (${applySql.count} statements):`));
      for (const line of applySql.top(12)) console.log(label(`  ${line}`));
    }
    return {
      create,
      dryRun: dryRunTime,
      reseal,
      sign,
      apply,
      endToEnd: total,
      dryRunSql,
      applySql: applySql.sqlMs,
      applyQueries: applySql.count,
      dryRunDb,
      applyDb,
    };
  };

  const rounds: Round[] = [];
  try {
    await transferOnce(false); // warm-up: JIT, plans, caches
    // Fresh statistics of the tables a transfer reads and writes, as autovacuum keeps them in
    // production (the seed does the same). Without them (autovacuum off, as on the development
    // PostgreSQL here, or right after a bulk load) the planner misjudges `release_events` and
    // compiles its queries with JIT: README "Where the time goes".
    await bench.portal.knex.raw(
      'analyze releases, release_parties, release_events, release_pincodes, ledger_statements',
    );
    await reconnect(bench);
    for (let i = 0; i < options.rounds; i += 1) rounds.push(await transferOnce(false));
    if (options.profile) await transferOnce(true);
  } finally {
    queries.close();
    // The overview's world as its seed left it, for the next run.
    await removeTransferWorlds(bench.portal.knex);
  }

  const n = options.releases.toLocaleString('en');
  const median = (pick: (round: Round) => number) =>
    Math.round(summarise(rounds.map(pick)).p50).toString();
  const dbPart = (pick: (round: Round) => number | null) =>
    rounds.every((r) => pick(r) !== null) ? ` (PostgreSQL CPU ${median((r) => pick(r)!)})` : '';
  const timing = (pick: (round: Round) => Timing) =>
    `${median((r) => pick(r).wall)} (CPU ${median((r) => pick(r).cpu)})`;
  console.log(
    label(
      `transfer of ${n}, p50 ms (wall, and this process's CPU): ` +
        `dry run ${timing((r) => r.dryRun)}, SQL ${median((r) => r.dryRunSql)}${dbPart((r) => r.dryRunDb)}; ` +
        `wallet reseal ${timing((r) => r.reseal)}; ` +
        `statement + wallet sign ${timing((r) => r.sign)}; ` +
        `second call ${timing((r) => r.apply)}, SQL ${median((r) => r.applySql)} in ` +
        `${median((r) => r.applyQueries)} statements${dbPart((r) => r.applyDb)}; ` +
        `end to end ${timing((r) => r.endToEnd)}; creating the releases (setup) ${timing((r) => r.create)}`,
    ),
  );
  let within = report(
    label(`transfer ${n} releases end to end`),
    summarise(rounds.map((r) => r.endToEnd.wall)),
    budgets?.endToEnd,
  );
  within =
    reportRate(
      label('transfer apply rate (second call)'),
      rounds.map((r) => (options.releases * 1000) / r.apply.wall),
      'releases/s',
      budgets?.applyRate,
    ) && within;
  return within;
}

/**
 * Creates `count` releases with pincodes in one `POST /api/releases` (ten containers per BL),
 * as a carrier's system would, their container numbers with an ISO 6346 check digit (owner code
 * `owner`); answers their addresses.
 */
export async function createReleases(
  api: <T>(path: string, body: unknown) => Promise<T>,
  terminal: string,
  count: number,
  { blPrefix = 'BENCH', owner = 'BNCU' }: { blPrefix?: string; owner?: string } = {},
): Promise<string[]> {
  const batch = randomBytes(4).toString('hex').toUpperCase();
  const first = randomBytes(4).readUInt32BE();
  const items = Array.from({ length: count }, (_, i) => {
    const firstTen = `${owner}${String((first + i) % 1_000_000).padStart(6, '0')}`;
    return {
      billOfLading: {
        blNumber: `${blPrefix}${batch}${String(Math.floor(i / 10)).padStart(4, '0')}`,
      },
      container: {
        containerNumber: `${firstTen}${containerCheckDigit(firstTen)}`,
        pickupLocation: terminal,
        pincode: String(100000 + (randomBytes(4).readUInt32BE() % 900000)),
      },
    };
  });
  const created = await api<{ address: string }[]>('releases', items);
  return created.map((row) => row.address);
}

/** The cloud wallet at `/wallet`, over HTTP as the browser calls it (DESIGN §3 wallet contract). */
export async function unlockWallet(bench: Pick<BenchPortal, 'baseUrl'>, userId: number) {
  const call = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
    const response = await fetch(`${bench.baseUrl}/wallet${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`wallet ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    }
    return JSON.parse(text) as T;
  };
  const { token } = await call<{ token: string }>('/unlock', {
    userId: String(userId),
    password: factoryPassword,
  });
  return {
    async reseal(targetPublicKey: string, items: { address: string; encryptedPincode: string }[]) {
      const answer = await call<{
        items: { address: string; encryptedPincode?: string; error?: string }[];
      }>('/pincodes/reseal', { targetPublicKey, items }, token);
      const failed = answer.items.find((item) => !item.encryptedPincode);
      if (failed) throw new Error(`the wallet could not reseal ${failed.address}: ${failed.error}`);
      return answer.items as { address: string; encryptedPincode: string }[];
    },
    async sign(message: string) {
      return (await call<{ signature: string }>('/sign', { message }, token)).signature;
    },
  };
}
