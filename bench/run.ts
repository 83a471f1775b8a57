/**
 * `npm run bench`: every benchmark, on PGlite and (with BENCH_DATABASE_URL) on PostgreSQL, each
 * with the budget its issue names. Exits non-zero when a budget is exceeded.
 */
import { backends, startPortal } from './src/portal.ts';
import { measure, report } from './src/stats.ts';

let allWithin = true;
for (const backend of backends()) {
  const { baseUrl, stop } = await startPortal(backend);
  try {
    const get = (path: string) => async () => {
      const response = await fetch(`${baseUrl}${path}`);
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      await response.arrayBuffer();
    };
    // Round trips through the whole stack: Koa, the error and logging middleware, the database.
    allWithin =
      report(`[${backend}] GET /health (select 1)`, await measure(get('/health'))) && allWithin;
    allWithin =
      report(`[${backend}] GET /api/app-info`, await measure(get('/api/app-info'))) && allWithin;
  } finally {
    await stop();
  }
}
process.exit(allWithin ? 0 : 1);
