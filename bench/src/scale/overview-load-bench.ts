import type { Knex } from 'knex';
import type { SeedSubject } from '../seed-overview.ts';
import { report, summarise } from '../stats.ts';
import type { ServerProcess, SentStatement } from './server-process.ts';
import { sessionTokens, type TokenSigning } from './session-tokens.ts';

/**
 * The overview's first pages as the web app asks for them on arrival (`overviewSearchParams` of
 * `initialOverviewState`: valid only, no search, the default row limits 10 BLs and 50 containers).
 */
const firstPages: [name: string, path: string][] = [
  ['BL', 'bills-of-lading?%24filter%5Bvalid%5D=showOnlyValid&%24limit=10&%24skip=0'],
  ['containers', 'containers?%24filter%5Bvalid%5D=showOnlyValid&%24limit=50&%24skip=0'],
];
const levels = [1, 10, 50];
/** Requests sent one after another to count the statements of one (a background job's are subtracted). */
const counted = 50;

/**
 * The overview's first page (BL and container tabs) signed in as the seed's
 * organisation of 100,005 releases, at 1, 10 and 50 requests in flight (each its own session, as
 * that many people): p50/p95. And the statements the server sends PostgreSQL for one request,
 * counted inside the server (`server-probe.mjs`), less what it sends meanwhile when idle.
 */
export async function benchOverviewLoad(
  db: Knex,
  signing: TokenSigning,
  server: ServerProcess,
  subject: SeedSubject,
  label: string,
): Promise<void> {
  const tokens = await sessionTokens(db, signing, Array<number>(50).fill(subject.userId));
  const get = async (path: string, token: string) => {
    const response = await fetch(`${server.baseUrl}/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    await response.arrayBuffer();
  };

  for (const [name, path] of firstPages) {
    for (let i = 0; i < 20; i += 1) await get(path, tokens[i % tokens.length]!);
    for (const concurrency of levels) {
      const total = Math.max(200, concurrency * 10);
      const samples: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: concurrency }, async (_, lane) => {
          while (next < total) {
            next += 1;
            const sent = performance.now();
            await get(path, tokens[lane]!);
            samples.push(performance.now() - sent);
          }
        }),
      );
      const perSecond = (total * 1000) / (performance.now() - started);
      report(
        `${label} overview ${name} page 1, ${concurrency} in flight (${perSecond.toFixed(0)}/s)`,
        summarise(samples),
      );
    }
    const requestsStart = performance.now();
    await server.record();
    for (let i = 0; i < counted; i += 1) await get(path, tokens[0]!);
    const statements = await server.statements();
    const idleMs = performance.now() - requestsStart;
    await server.record();
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const idle = await server.statements();
    const perRequest = (statements.length - idle.length) / counted;
    console.log(
      `${label} overview ${name} page 1: ${perRequest.toFixed(2)} statements a request ` +
        `(${statements.length} in ${counted} requests, ${idle.length} while idle as long), ` +
        `${statements.filter((s) => s.prepared).length} of them prepared; per request: ${shapes(statements, counted)}`,
    );
  }
}

/** The statements' kinds (their first words and tables), each with how many a request sends. */
function shapes(statements: readonly SentStatement[], requests: number): string {
  const counts = new Map<string, number>();
  for (const { text } of statements) {
    const shape = text
      .replace(/\s+/g, ' ')
      .replace(/"/g, '')
      .replace(/^(.{0,70}).*$/, '$1')
      .trim();
    counts.set(shape, (counts.get(shape) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([shape, count]) => `${(count / requests).toFixed(2)}× "${shape}…"`)
    .join(', ');
}
