import type { BenchPortal } from './portal.ts';
import type { SeedSubject } from './seed-overview.ts';
import { measure, report, type Budget, type Summary } from './stats.ts';

/** What users type in the search box: container and BL numbers of releases they hold. */
async function numbersHeldBy(bench: BenchPortal, subject: SeedSubject, count: number) {
  const rows: { container_number: string; bl_number: string }[] = await bench.portal
    .knex('release_parties as rp')
    .join('releases as r', 'r.id', 'rp.release_id')
    .where({ 'rp.organization_id': subject.organizationId, 'rp.active': true })
    .where('rp.valid_until', '>=', bench.portal.knex.raw('current_date'))
    .orderBy('rp.release_id')
    .limit(count * 10)
    .select('r.container_number', 'r.bl_number');
  const picked = rows.filter((_, i) => i % 10 === 0);
  // Whole container numbers, and BL numbers without their carrier prefix (as often typed).
  return picked.flatMap((row) => [row.container_number, row.bl_number.slice(4)]);
}

/**
 * The release overview (issue "Releases", bench acceptance) over the world of
 * `seed-overview.ts`: pages through the real HTTP API, signed in as the organisation that holds
 * 10 % of the releases. `budget` applies to the first BL-grouped page with a search term (what
 * pressing Enter in the search box asks for).
 */
export async function benchOverview(
  bench: BenchPortal,
  subject: SeedSubject,
  budget: Budget | undefined,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const terms = await numbersHeldBy(bench, subject, 20);
  const token = await bench.tokenFor(subject.userId);
  const get = async (path: string) => {
    const response = await fetch(`${bench.baseUrl}/api/${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as { total: number; totalCapped: boolean };
  };
  const rotating = (query: (term: string) => string) => {
    let next = 0;
    return () => get(query(encodeURIComponent(terms[next++ % terms.length]!)));
  };
  const first = await get(`bills-of-lading?$search=${encodeURIComponent(terms[0]!)}`);
  if (first.total < 1) throw new Error(`the search for ${terms[0]} found nothing`);
  console.log(label(`the subject holds ${subject.held} releases; ${terms.length} search terms`));

  const lines: [string, () => Promise<unknown>, Budget?, number?][] = [
    [
      'BL page 1, search container/BL no.',
      rotating((term) => `bills-of-lading?$search=${term}`),
      budget,
    ],
    ['BL page 1, search "msc" (broad)', () => get('bills-of-lading?$search=msc'), budget],
    ['BL page 1, no search (first load)', () => get('bills-of-lading')],
    [
      'BL page 1, search, all history',
      rotating((term) => `bills-of-lading?$search=${term}&$filter[valid]=showBoth`),
    ],
    [
      'BL page 1, "msc", all history',
      () => get('bills-of-lading?$search=msc&$filter[valid]=showBoth'),
    ],
    [
      'BL page 1, "msc", sorted by vessel',
      () => get('bills-of-lading?$search=msc&$sort[vessel]=1'),
    ],
    [
      'containers page 1, search container/BL no.',
      rotating((term) => `containers?$search=${term}`),
    ],
    ['containers page 1, no search, all history', () => get('containers?$filter[valid]=showBoth')],
    // The slow corner (README): ranking the whole history on a column of the release or BL.
    [
      'BL page 1, all history, by vessel',
      () => get('bills-of-lading?$filter[valid]=showBoth&$sort[vessel]=1'),
      undefined,
      30,
    ],
    [
      'containers page 1, all history, by container',
      () => get('containers?$filter[valid]=showBoth&$sort[containerNumber]=1'),
      undefined,
      30,
    ],
  ];
  let within = true;
  for (const [name, operation, lineBudget, iterations = 200] of lines) {
    const warmup = Math.ceil(iterations / 10);
    const summary: Summary = await measure(operation, { iterations, warmup });
    within = report(label(name), summary, lineBudget) && within;
  }
  return within;
}
