import type { Knex } from 'knex';
import { signedTransfer, type Post } from '../bulk-bench.ts';
import { reportValue } from '../stats.ts';
import { createReleases, unlockWallet } from '../transfer-bench.ts';
import { portalApi } from './portal-api.ts';
import { scaleTerminal, scaleWorld } from './scale-world.ts';
import type { ServerProcess, ServerReading } from './server-process.ts';
import { sessionTokens, type TokenSigning } from './session-tokens.ts';

type Phase = 'dry run' | 'wallet reseal' | 'wallet sign' | 'second call';

/**
 * The largest event-loop block in the server while one bulk action runs, a
 * carrier's signed transfer of `releases` releases (up to `maxCustodyReleases`, 10,000) in one
 * statement, as the web app makes it: the dry run, the cloud wallet resealing every pincode and
 * signing, the second call. The server's event-loop histogram (`monitorEventLoopDelay`) is read
 * and restarted after each phase, so each phase's largest block is known; no socket is
 * connected. Answers whether the largest block stays within `budgetMs`.
 */
export async function benchBlock(
  db: Knex,
  signing: TokenSigning,
  server: ServerProcess,
  label: string,
  releases: number,
  budgetMs?: number,
): Promise<boolean> {
  const world = await scaleWorld(db, 1);
  const [token] = await sessionTokens(db, signing, [world.carrier.adminUserId]);
  const asCarrier = portalApi(server.baseUrl, token!);
  const wallet = await unlockWallet(server, world.carrier.adminUserId);
  const addresses: string[] = [];
  for (let made = 0; made < releases; made += 1000) {
    const size = Math.min(1000, releases - made);
    addresses.push(
      ...(await createReleases(asCarrier.post, scaleTerminal, size, {
        blPrefix: 'BLOCK',
        owner: 'BLCU',
      })),
    );
  }

  // Contiguous windows, each closed 50 ms after its phase: a block that holds the loop when the
  // phase's answer arrives is recorded by the histogram's next tick before the window is read.
  // The server's CPU time (/proc) tells how much of a block was its own work, and how much the
  // machine's other load keeping it off the cores.
  const phases = new Map<Phase, { ms: number; cpuMs: number; reading: ServerReading }>();
  const timed = async <T>(phase: Phase, operation: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const cpu = server.cpuMs() ?? Number.NaN;
    const result = await operation();
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const cpuMs = (server.cpuMs() ?? Number.NaN) - cpu;
    phases.set(phase, { ms, cpuMs, reading: await server.read(true) });
    return result;
  };
  const post: Post = (path, body) =>
    timed((body as { dryRun?: boolean }).dryRun ? 'dry run' : 'second call', () =>
      asCarrier.post(path, body),
    );
  const timedWallet: typeof wallet = {
    reseal: (...args) => timed('wallet reseal', () => wallet.reseal(...args)),
    sign: (message) => timed('wallet sign', () => wallet.sign(message)),
  };
  const started = performance.now();
  const cpuBefore = (await server.read(true)).cpuMs;
  const applied = await signedTransfer(
    post,
    timedWallet,
    world.carrier.address,
    addresses,
    world.forwarder.address,
  );
  // Less the 50 ms waits after each phase.
  const wholeMs = performance.now() - started - 50 * phases.size;
  const cpuMs = (await server.read()).cpuMs - cpuBefore;
  if (applied.count !== releases) throw new Error(`the bulk transfer applied ${applied.count}`);

  const n = releases.toLocaleString('en');
  const parts = [...phases].map(
    ([phase, { ms, cpuMs, reading }]) =>
      `${phase} ${ms.toFixed(0)} (server CPU ${cpuMs.toFixed(0)}, largest block ${reading.eventLoop.maxMs.toFixed(0)}, longest GC ${reading.eventLoop.gcMaxMs.toFixed(0)}, ` +
      `RSS peak ${reading.rssPeakMb.toFixed(0)} MB)`,
  );
  console.log(
    `${label} bulk transfer of ${n} in one statement, ms: ${parts.join('; ')}; ` +
      `whole action ${wholeMs.toFixed(0)}, server CPU ${cpuMs.toFixed(0)}`,
  );
  const largest = Math.max(...[...phases.values()].map(({ reading }) => reading.eventLoop.maxMs));
  reportValue(`${label} bulk transfer ${n}, the second call`, phases.get('second call')!.ms);
  return reportValue(`${label} largest event-loop block, bulk ${n}`, largest, budgetMs);
}
