import { randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import {
  bulkCandidates,
  custodyCall,
  statementText,
  type BulkClassifyAnswer,
  type BulkFileAnswer,
  type BulkPair,
  type ClassifiedPair,
  type CustodyAction,
  type CustodyApplyAnswer,
  type CustodyDryRunAnswer,
} from '@scr/domain';
// The server's own test factory: organisations with real keys in the cloud wallet's table.
import { createWalletOrganization } from '../../packages/server/src/test/factories.ts';
import type { BenchPortal } from './portal.ts';
import { QueryLog } from './query-log.ts';
import { report, summarise, type Budget } from './stats.ts';
import { createReleases, unlockWallet } from './transfer-bench.ts';
import { benchTerminal, reconnect, removeTransferWorlds } from './transfer-world.ts';

/** The budgets of issue 13 item 1 (on PostgreSQL). */
export interface BulkBudgets {
  /** Classifying 10,000 pairs in one call. */
  classify: Budget;
  /** A whole bulk transfer of 5,000 releases, from the file to the applied statement. */
  endToEnd: Budget;
}

export interface BulkBenchOptions {
  /** Releases of the bulk transfer: 5,000 in the issue. */
  releases: number;
  /** Measured bulk transfers (each of fresh releases), after one warm-up. */
  rounds: number;
}

// `removeTransferWorlds` removes organisations named so, and the releases of their carriers.
const namePrefix = 'Bench Transfer Bulk ';
const terminal = 'BENCHTR';
/** The web app classifies a file this many pairs a call, for its progress bar. */
const webChunk = 2000;
const files = 'bulk-operations/files';
const classifications = 'bulk-operations/classifications';

/**
 * Issue 13 item 1: a forwarder's bulk operations, through the real HTTP API as the web app
 * makes them (`packages/web/src/features/releases/bulk/`): classifying 10,000 pairs (its held
 * releases and others' it may not see), and a whole bulk transfer of `releases` releases, from
 * the uploaded .xlsx to the one signed statement applied. Answers whether the budgets hold.
 */
export async function benchBulk(
  bench: BenchPortal,
  budgets: BulkBudgets | undefined,
  options: BulkBenchOptions,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const world = await bulkWorld(bench);
  const asCarrier = caller(bench, world.carrier.token);
  const asForwarder = caller(bench, world.forwarder.token);
  const carrierWallet = await unlockWallet(bench, world.carrier.userId);
  const forwarderWallet = await unlockWallet(bench, world.forwarder.userId);

  /** Setup, not measured: fresh releases, passed by the carrier to the forwarder in one action. */
  const forwarderHolds = async (count: number): Promise<string[]> => {
    const addresses: string[] = [];
    for (let made = 0; made < count; made += 1000) {
      addresses.push(
        ...(await createReleases(asCarrier.post, terminal, Math.min(1000, count - made), {
          blPrefix: 'BULK',
          owner: 'BLKU',
        })),
      );
    }
    await signedTransfer(
      asCarrier.post,
      carrierWallet,
      world.carrier.address,
      addresses,
      world.forwarder.address,
    );
    return addresses;
  };
  const pairsOf = async (addresses: readonly string[]): Promise<BulkPair[]> =>
    (
      await bench.portal
        .knex('releases')
        .whereIn('address', addresses)
        .select('bl_number', 'container_number')
    ).map((row) => ({ blNumber: row.bl_number, containerNumber: row.container_number }));

  const classifyTimes: number[] = [];
  const classifySql: number[] = [];
  const endToEnd: number[] = [];
  /** This process's CPU time (all threads): the portal, its cloud wallet and the "browser". */
  const endToEndCpu: number[] = [];
  const phases: Record<Phase, number[]> = {
    file: [],
    classify: [],
    dryRun: [],
    wallet: [],
    apply: [],
  };
  const queries = new QueryLog(bench.portal.knex);
  try {
    // Classification: the forwarder's own pairs, and as many of releases it may not see.
    const held = await pairsOf(await forwarderHolds(5000));
    const others: BulkPair[] = (
      await bench.portal
        .knex('releases')
        .whereNot('carrier_organization_id', world.carrier.id)
        .limit(10_000 - held.length)
        .select('bl_number', 'container_number')
    ).map((row) => ({ blNumber: row.bl_number, containerNumber: row.container_number }));
    const unknown = Array.from({ length: 10_000 - held.length - others.length }, (_, i) => ({
      blNumber: `NOSUCH${i}`,
      containerNumber: `NOSU${String(i).padStart(7, '0')}`,
    }));
    const pairs = [...held, ...others, ...unknown];
    for (let i = 0; i < 12; i += 1) {
      const started = performance.now();
      queries.start();
      const answer = await asForwarder.post<BulkClassifyAnswer>(classifications, { pairs });
      const sql = queries.stop().sqlMs;
      if (i >= 2) {
        classifyTimes.push(performance.now() - started);
        classifySql.push(sql);
      }
      if (answer.rows.filter((row) => row.bulkClass === 'eligible').length !== held.length) {
        throw new Error('the classification did not find the forwarder’s releases');
      }
    }

    await bench.portal.knex.raw(
      'analyze releases, release_parties, release_events, release_pincodes, ledger_statements',
    );
    await reconnect(bench);
    for (let round = 0; round <= options.rounds; round += 1) {
      const addresses = await forwarderHolds(options.releases);
      const file = workbook(await pairsOf(addresses));
      const started = performance.now();
      const cpu = process.cpuUsage();
      const lap = laps();
      const read = await asForwarder.upload<BulkFileAnswer>(files, 'bulk.xlsx', file);
      const fileTime = lap();
      const rows: ClassifiedPair[] = [];
      for (let from = 0; from < read.pairs.length; from += webChunk) {
        const chunk = read.pairs.slice(from, from + webChunk).map(({ row: _row, ...pair }) => pair);
        rows.push(
          ...(await asForwarder.post<BulkClassifyAnswer>(classifications, { pairs: chunk })).rows,
        );
      }
      const classify = lap();
      const candidates = bulkCandidates('transfer', rows).map((row) => row.address!);
      const applied = await signedTransfer(
        asForwarder.post,
        forwarderWallet,
        world.forwarder.address,
        candidates,
        world.haulierAddress,
        lap,
      );
      if (applied.count !== options.releases) {
        throw new Error(`the bulk transfer applied ${applied.count}`);
      }
      // The first round warms up.
      if (round > 0) {
        endToEnd.push(performance.now() - started);
        const used = process.cpuUsage(cpu);
        endToEndCpu.push((used.user + used.system) / 1000);
        const times = { file: fileTime, classify, ...applied.times };
        for (const name of Object.keys(phases) as Phase[]) phases[name].push(times[name]);
      }
    }
  } finally {
    queries.close();
    await removeTransferWorlds(bench.portal.knex);
  }
  const median = (samples: number[]) => Math.round(summarise(samples).p50);
  console.log(
    label(
      `bulk, p50 ms: classification of 10,000 pairs, SQL ${median(classifySql)}; ` +
        `transfer of ${options.releases.toLocaleString('en')}: file upload and read ${median(phases.file)}, ` +
        `classification in calls of ${webChunk.toLocaleString('en')} ${median(phases.classify)}, ` +
        `dry run ${median(phases.dryRun)}, wallet reseal and sign ${median(phases.wallet)}, ` +
        `second call ${median(phases.apply)}; end to end ${median(endToEnd)} (CPU ${median(endToEndCpu)})`,
    ),
  );
  let within = report(
    label('bulk classification of 10,000 pairs'),
    summarise(classifyTimes),
    budgets?.classify,
  );
  within =
    report(
      label(`bulk transfer ${options.releases.toLocaleString('en')} end to end`),
      summarise(endToEnd),
      budgets?.endToEnd,
    ) && within;
  return within;
}

/** A carrier, the forwarder that holds its releases, and a haulier the forwarder passes them on to. */
async function bulkWorld(bench: BenchPortal) {
  const knex = bench.portal.knex;
  const suffix = randomBytes(3).toString('hex');
  const organization = (role: 'carrier' | 'other', name: string) =>
    createWalletOrganization(knex, {
      role,
      users: [{ isAdmin: true, email: `bench-bulk-${name}-${suffix}@bench.test` }],
      fields: { name: `${namePrefix}${name} ${suffix}` },
    });
  const carrier = await organization('carrier', 'carrier');
  const forwarder = await organization('other', 'forwarder');
  const haulier = await organization('other', 'haulier');
  await knex('organization_connections').insert([
    { organization_id: carrier.id, connected_organization_id: forwarder.id, status: 'finalized' },
    { organization_id: forwarder.id, connected_organization_id: haulier.id, status: 'finalized' },
  ]);
  await benchTerminal(knex);
  const person = async (org: { id: number; address: string; users: { id: number }[] }) => ({
    id: org.id,
    address: org.address,
    userId: org.users[0]!.id,
    token: await bench.tokenFor(org.users[0]!.id),
  });
  return {
    carrier: await person(carrier),
    forwarder: await person(forwarder),
    haulierAddress: haulier.address,
  };
}

export type Post = <T>(path: string, body: unknown) => Promise<T>;

/** JSON and multipart calls to the portal's API as one signed-in person. */
function caller(bench: BenchPortal, token: string) {
  const answer = async <T>(path: string, response: Response): Promise<T> => {
    const text = await response.text();
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 500)}`);
    return JSON.parse(text) as T;
  };
  const post: Post = async (path, body) =>
    answer(
      path,
      await fetch(`${bench.baseUrl}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }),
    );
  const upload = async <T>(path: string, fileName: string, bytes: Buffer): Promise<T> => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), fileName);
    return answer(
      path,
      await fetch(`${bench.baseUrl}/api/${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }),
    );
  };
  return { post, upload };
}

/**
 * A transfer as the web app's custody flow makes it (DESIGN §3): the dry run, the cloud wallet
 * resealing every pincode to the target, one statement signed, the second call. Answers how
 * many releases it applied.
 */
export async function signedTransfer(
  post: Post,
  wallet: Awaited<ReturnType<typeof unlockWallet>>,
  by: string,
  addresses: readonly string[],
  to: string,
  lap: () => number = laps(),
): Promise<{ count: number; times: Record<'dryRun' | 'wallet' | 'apply', number> }> {
  const action: CustodyAction = 'transfer';
  const dryRun = await post<CustodyDryRunAnswer>('transfers', {
    dryRun: true,
    release_addresses: addresses,
    target_organization_address: to,
  });
  const receivedAt = Date.now();
  const dryRunTime = lap();
  const target = dryRun.target!;
  const sealed = dryRun.eligible_releases.filter((release) => release.encryptedPincode);
  const resealed = new Map(
    (
      await wallet.reseal(
        target.sealingPublicKey,
        sealed.map(({ address, encryptedPincode }) => ({
          address,
          encryptedPincode: encryptedPincode!,
        })),
      )
    ).map((item) => [item.address, item.encryptedPincode]),
  );
  const call = custodyCall({
    action,
    by,
    at: new Date(Date.parse(dryRun.serverTime) + Date.now() - receivedAt).toISOString(),
    covered: dryRun.eligible_releases.map((release) => ({
      release,
      sent: resealed.get(release.address) ?? null,
    })),
    to: target.address,
  });
  const statement = statementText(call.statement);
  const signature = await wallet.sign(statement);
  const walletTime = lap();
  const applied = await post<CustodyApplyAnswer>('transfers', {
    ...call.body,
    statement,
    signature,
  });
  return {
    count: applied.applied.length,
    times: { dryRun: dryRunTime, wallet: walletTime, apply: lap() },
  };
}

type Phase = 'file' | 'classify' | 'dryRun' | 'wallet' | 'apply';

/** A stopwatch of phases: each call answers the milliseconds since the previous one. */
function laps(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const elapsed = now - last;
    last = now;
    return elapsed;
  };
}

/** The .xlsx a forwarder uploads: a header, then BL and container number per row. */
function workbook(pairs: readonly BulkPair[]): Buffer {
  const book = XLSX.utils.book_new();
  const rows = [
    ['BL number', 'Container number'],
    ...pairs.map((p) => [p.blNumber, p.containerNumber]),
  ];
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Bulk');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}
