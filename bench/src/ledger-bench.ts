import { randomBytes } from 'node:crypto';
import { createWalletOrganization } from '../../packages/server/src/test/factories.ts';
import { releasePayload } from '../../packages/server/src/test/factories-releases.ts';
import { custodyCaller } from '../../packages/server/src/test/custody.ts';
import { runCreateReleases } from '../../packages/server/src/releases/create-releases.ts';
import { verifyLedger } from '../../packages/server/src/ledger/verify-ledger.ts';
import { profileCpu } from './cpu-profile.ts';
import type { BenchPortal } from './portal.ts';
import { reportRate, type RateBudget } from './stats.ts';

export interface LedgerBenchOptions {
  /** Releases of the bench's ledger: each gets its creation, a transfer, a block and an unblock. */
  releases: number;
  /** Measured walks of verify-ledger over them. */
  rounds: number;
  /** One more walk (not counted) that prints where its CPU time goes. */
  profile: boolean;
}

export interface LedgerBudgets {
  /** Events verified a second (the median of the rounds). */
  verifyRate: RateBudget;
  /** How much the heap may grow over a walk: flat, whatever the ledger's size. */
  heapGrowthMb: number;
}

/**
 * A ledger as the portal writes it, beside whatever the database holds: `releases` releases of
 * a carrier, each created with its own server-signed statement, transferred to a forwarder,
 * blocked and unblocked by the carrier, in actions of 1,000 releases each sharing one signed
 * statement (the real two calls over HTTP). Four events a release, one statement for a quarter
 * of them: creation is what costs verification an ECDSA recovery per event.
 */
async function ledgerWorld(bench: BenchPortal, releases: number) {
  const knex = bench.portal.knex;
  const suffix = randomBytes(3).toString('hex');
  const carrier = await createWalletOrganization(knex, {
    role: 'carrier',
    users: [{ isAdmin: true, email: `bench-ledger-carrier-${suffix}@bench.test` }],
    fields: { name: `Bench Ledger Carrier ${suffix}` },
  });
  const forwarder = await createWalletOrganization(knex, {
    users: [{ isAdmin: true, email: `bench-ledger-forwarder-${suffix}@bench.test` }],
    fields: { name: `Bench Ledger Forwarder ${suffix}` },
  });
  await knex('organization_connections').insert({
    organization_id: carrier.id,
    connected_organization_id: forwarder.id,
    status: 'finalized',
  });
  const userId = carrier.users[0]!.id;
  const actor = {
    organizationId: carrier.id,
    organizationAddress: carrier.address,
    organizationRole: 'carrier' as const,
    userId,
    apiKeyId: null,
    label: `user:${userId}`,
    seesTransferInfo: true,
  };
  const acting = {
    address: carrier.address,
    privateKey: carrier.privateKey,
    token: await bench.tokenFor(userId),
  };
  const calls = custodyCaller({ baseUrl: bench.baseUrl });
  const serverKey = bench.portal.app.get('serverKey');
  const addresses: string[] = [];
  for (let i = 0; i < releases; i += 1000) {
    const inputs = await Promise.all(
      Array.from({ length: Math.min(1000, releases - i) }, () => releasePayload(knex)),
    );
    const { created } = await runCreateReleases(knex, serverKey, actor, inputs, {
      refuse: (errors) => {
        throw new Error(`bench releases do not validate: ${JSON.stringify([...errors])}`);
      },
    });
    const made = created.map((release) => release.address);
    for (const [action, target] of [
      ['block', undefined],
      ['unblock', undefined],
      ['transfer', forwarder.address],
    ] as const) {
      const answer = await calls.act(acting, action, made, target);
      if (answer.applied.status !== 201) {
        throw new Error(
          `${action} answered ${answer.applied.status}: ${JSON.stringify(answer.applied.body)}`,
        );
      }
    }
    addresses.push(...made);
  }
  return { addresses, serverAddress: serverKey.address };
}

/**
 * `verify-ledger` over the bench's ledger (docs/ledger.md, "Speed"): every event's hash link and
 * statement signature, and every release replayed against its rows, streamed in batches; the
 * rate in events a second and the heap's growth over a walk. Answers whether the budgets hold.
 */
export async function benchLedger(
  bench: BenchPortal,
  budgets: LedgerBudgets | undefined,
  options: LedgerBenchOptions,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const started = performance.now();
  const world = await ledgerWorld(bench, options.releases);
  console.log(
    label(
      `ledger of ${world.addresses.length} releases written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    ),
  );
  const rates: number[] = [];
  let growth = 0;
  for (let round = 0; round < options.rounds; round++) {
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
    }, 50);
    const t0 = performance.now();
    const result = await verifyLedger(bench.portal.knex, {
      serverAddress: world.serverAddress,
      releaseAddresses: world.addresses,
    });
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    if (result.broken)
      throw new Error(`the bench's ledger does not verify: ${JSON.stringify(result.broken)}`);
    rates.push(result.events / seconds);
    growth = Math.max(growth, (heapPeak - heapBefore) / 1e6);
  }
  if (options.profile) {
    const { lines } = await profileCpu(() =>
      verifyLedger(bench.portal.knex, {
        serverAddress: world.serverAddress,
        releaseAddresses: world.addresses,
      }),
    );
    console.log(label('verify-ledger, CPU by function (self time):'));
    for (const line of lines) console.log(`  ${line}`);
  }
  const events = options.releases * 4;
  const within = reportRate(
    label(`verify-ledger, ${events} events`),
    rates,
    'events/s',
    budgets?.verifyRate,
  );
  const flat = !budgets || growth <= budgets.heapGrowthMb;
  const verdict = budgets
    ? ` budget <=${budgets.heapGrowthMb} MB: ${flat ? 'ok' : 'EXCEEDED'}`
    : '';
  console.log(
    `${label('verify-ledger, heap growth over a walk').padEnd(48)} ${growth.toFixed(0)} MB${verdict}`,
  );
  return within && flat;
}
