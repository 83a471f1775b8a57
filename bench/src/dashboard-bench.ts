import type { BenchPortal } from './portal.ts';
import type { SeedSubject } from './seed-overview.ts';
import { measure, report, type Budget } from './stats.ts';

/**
 * Issue 13 items 3 and 4 over the overview's world: the dashboard's counts for the organisation
 * of 100,005 releases (`GET /api/dashboard`, `budget` on PostgreSQL: p95 ≤ 100 ms), and "select
 * all that match" of its valid releases (`POST /api/release-selection`, no budget), both through
 * the real HTTP API signed in as that organisation.
 */
export async function benchDashboard(
  bench: BenchPortal,
  subject: SeedSubject,
  budget: Budget | undefined,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const token = await bench.tokenFor(subject.userId);
  const call = async (path: string, body?: unknown) => {
    const response = await fetch(`${bench.baseUrl}/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as { total: number; data: unknown[] };
  };
  const dashboard = await call('dashboard');
  if (dashboard.data.length === 0) throw new Error('the dashboard counted nothing');
  const selected = await call('release-selection', {});
  console.log(
    label(
      `dashboard: ${dashboard.total} releases not yet archived, ${dashboard.data.length} slices; ` +
        `"select all" of the valid ones: ${selected.total} releases`,
    ),
  );
  let within = report(
    label('dashboard counts (GET /api/dashboard)'),
    await measure(() => call('dashboard'), { iterations: 200, warmup: 20 }),
    budget,
  );
  within =
    report(
      label(`select all that match (${selected.total} rows)`),
      await measure(() => call('release-selection', {}), { iterations: 20, warmup: 2 }),
    ) && within;
  return within;
}
