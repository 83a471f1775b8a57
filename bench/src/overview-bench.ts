import type { BenchPortal } from './portal.ts';
import type { SeedSubject } from './seed-overview.ts';
import { QueryLog } from './query-log.ts';
import { measure, report, summarise, type Budget, type Summary } from './stats.ts';

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
  ];
  let within = true;
  for (const [name, operation, lineBudget, iterations = 200] of lines) {
    const warmup = Math.ceil(iterations / 10);
    const summary: Summary = await measure(operation, { iterations, warmup });
    within = report(label(name), summary, lineBudget) && within;
  }
  return (await benchSortedHistory(bench, subject, get)) && within;
}

/**
 * A whole history sorted on a copied key (README "Performance at port volume"): p50 ≤ 100 ms
 * through HTTP on PostgreSQL, and the SQL the request sends against one hand-written statement
 * answering the same page (the floor), p50 to p50, ≤ 1.5×.
 */
async function benchSortedHistory(
  bench: BenchPortal,
  subject: SeedSubject,
  get: (path: string) => Promise<unknown>,
): Promise<boolean> {
  const label = (what: string) => `[${bench.backend}] ${what}`;
  const knex = bench.portal.knex;
  /** The subject's own live party rows, as `alias` names them. */
  const mine = (alias: string) =>
    `${alias}.organization_id = ${Number(subject.organizationId)} and ${alias}.active
     and ${alias}.release_status <> 'deleted'`;
  const lines: [string, string, string][] = [
    [
      'BL page 1, all history, by vessel',
      'bills-of-lading?$filter[valid]=showBoth&$sort[vessel]=1',
      // The first ten BLs along the vessel index, their fields, carrier and matching count.
      `with walk as (select bill_of_lading_id, row_number() over () as n from (
          select bill_of_lading_id from release_parties rp
           where ${mine('rp')} and sort_vessel is not null
           order by sort_vessel, bill_of_lading_id desc, release_id desc limit 100) w),
        page as (select bill_of_lading_id, min(n) as n from walk
                  group by bill_of_lading_id order by min(n) limit 10)
       select b.*, o.name, o.address,
              (select count(*) from release_parties p
                where ${mine('p')} and p.bill_of_lading_id = b.id) as container_count
         from page join bills_of_lading b on b.id = page.bill_of_lading_id
         join organizations o on o.id = b.carrier_organization_id order by page.n`,
    ],
    [
      'containers page 1, all history, by container',
      'containers?$filter[valid]=showBoth&$sort[containerNumber]=1',
      // The first 50 releases along the container index, with what a row shows.
      `select r.*, b.bl_number, b.vessel, p.transfer_status, o.name
         from (select release_id, transfer_status, received_from_organization_id
                 from release_parties rp where ${mine('rp')}
                order by sort_container_number, bill_of_lading_id desc, release_id desc
                limit 50) p
         join releases r on r.id = p.release_id
         join bills_of_lading b on b.id = r.bill_of_lading_id
         left join organizations o on o.id = p.received_from_organization_id`,
    ],
  ];
  const log = new QueryLog(knex);
  let within = true;
  try {
    for (const [name, path, floorSql] of lines) {
      const sqlMs: number[] = [];
      const summary = await measure(
        async () => {
          log.start();
          await get(path);
          sqlMs.push(log.stop().sqlMs);
        },
        { iterations: 50, warmup: 5 },
      );
      const budget =
        bench.backend === 'postgres' ? ({ metric: 'p50', maxMs: 100 } as const) : undefined;
      within = report(label(name), summary, budget) && within;
      const floor = await measure(() => knex.raw(floorSql), { iterations: 50, warmup: 5 });
      const sql = summarise(sqlMs.slice(-50));
      const ratio = sql.p50 / floor.p50;
      const ok = bench.backend !== 'postgres' || ratio <= 1.5;
      console.log(
        `${label(`${name}: its SQL against the floor`).padEnd(48)} SQL p50=${sql.p50.toFixed(2)}ms floor p50=${floor.p50.toFixed(2)}ms ratio ${ratio.toFixed(2)}×` +
          (bench.backend === 'postgres' ? ` budget <=1.5×: ${ok ? 'ok' : 'EXCEEDED'}` : ''),
      );
      within = ok && within;
    }
  } finally {
    log.close();
  }
  return within;
}
