import type { BenchPortal } from './portal.ts';
import type { SeedSubject } from './seed-overview.ts';
import { report, summarise, type Budget } from './stats.ts';

/** Issue 13's budgets: a 10,000-release Excel or PDF export in ≤ 5 s, memory growth ≤ 200 MB. */
export interface DownloadBudgets {
  time: Budget;
  growthMb: number;
}

/** The export the issue names: at least this many releases. */
const releases = 10_000;

/** Filters over the whole history that the seed's statuses split into a few large parts. */
const candidates = (
  [
    { releaseStatus: 'expired' },
    { releaseStatus: 'gateout' },
    { transferStatus: 'transferred' },
    { transferStatus: 'owned' },
    { releaseStatus: 'released' },
    // The seed's eight terminals share the releases evenly (none of these codes is in another).
    { pickupLocation: '869' },
    { pickupLocation: '1718' },
    {},
  ] as Record<string, string>[]
).map((filter) => ({ valid: 'showBoth', ...filter }));

type Post = (path: string, body: object) => Promise<Response>;

/**
 * The download's scope: of the candidate filters, the one whose download holds the fewest
 * releases but at least `releases` (or the most, in a smaller seed), counted by the API itself
 * (the head of `download/get`). The seed's release addresses are stored in lower case, not
 * EIP-55 as the API writes and looks them up, so a selection by address would find few.
 */
async function scopeOf(post: Post) {
  const counted: { filter: Record<string, string>; count: number }[] = [];
  for (const filter of candidates) {
    const response = await post('releases/download/get', { filter });
    const count = Number(response.headers.get('x-release-count'));
    await response.arrayBuffer();
    counted.push({ filter, count });
  }
  counted.sort((a, b) => a.count - b.count);
  return counted.find((c) => c.count >= releases) ?? counted.at(-1)!;
}

/**
 * Issue 13 item 2 (bench acceptance): `POST /api/releases/download` of at least 10,000 of the
 * overview subject's releases, as Excel and as PDF, grouped by BL, read to the end as a browser
 * would, `rounds` times each after a warm-up. The server runs in this process, so its memory is
 * this process's: the resident set is sampled every 10 ms while a download streams, and its
 * growth over the start is reported.
 */
export async function benchDownloads(
  bench: BenchPortal,
  subject: SeedSubject,
  budgets: DownloadBudgets | undefined,
  rounds = 3,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const token = await bench.tokenFor(subject.userId);
  const post: Post = (path, body) =>
    fetch(`${bench.baseUrl}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  const scope = await scopeOf(post);
  console.log(label(`download scope ${JSON.stringify(scope.filter)}: ${scope.count} releases`));
  let allWithin = true;
  for (const format of ['xlsx', 'pdf'] as const) {
    const times: number[] = [];
    let growth = 0;
    let size = 0;
    const cpu: number[] = [];
    for (let round = 0; round <= rounds; round += 1) {
      const measured = await downloadOnce(post, { format, filter: scope.filter });
      if (measured.count !== scope.count) {
        throw new Error(`the ${format} download held ${measured.count} releases`);
      }
      // The first round warms up (fonts read, plans cached): not counted.
      if (round === 0) continue;
      times.push(measured.ms);
      growth = Math.max(growth, measured.growthMb);
      cpu.push(measured.cpuMs);
      size = measured.bytes;
    }
    const name = label(`download ${scope.count} releases, ${format}`);
    allWithin = report(name, summarise(times), budgets?.time) && allWithin;
    const within = !budgets || growth <= budgets.growthMb;
    const verdict = budgets
      ? ` budget <=${budgets.growthMb} MB: ${within ? 'ok' : 'EXCEEDED'}`
      : '';
    console.log(
      `${label(`  ${format}: ${Math.round(size / 1024)} kB, memory growth`).padEnd(48)} ${growth.toFixed(0)} MB${verdict}; CPU p50 ${summarise(cpu).p50.toFixed(0)} ms (what a loaded machine does not change)`,
    );
    allWithin = within && allWithin;
  }
  return allWithin;
}

async function downloadOnce(
  post: Post,
  asked: { format: 'xlsx' | 'pdf'; filter: Record<string, string> },
) {
  const start = process.memoryUsage().rss;
  let peak = start;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    const response = await post('releases/download', {
      filter: asked.filter,
      format: asked.format,
      layout: 'grouped',
      language: 'en',
    });
    if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
    // Read to the end without keeping it, as a browser streaming to disk would.
    let bytes = 0;
    for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
    return {
      ms: performance.now() - began,
      cpuMs: (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuBefore)),
      bytes,
      count: Number(response.headers.get('x-release-count')),
      growthMb: (Math.max(peak, process.memoryUsage().rss) - start) / 1024 / 1024,
    };
  } finally {
    clearInterval(sampler);
  }
}
