import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory from 'knex';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { migrationSource } from '/work/main/packages/server/src/db/migrations/index.ts';

const defaults = ["--single","-F","-O","-j","-c","search_path=public","-c","exit_on_error=false","-c","log_checkpoints=false","-c","max_worker_processes=0","-c","max_parallel_workers=0","-c","max_parallel_workers_per_gather=0","-c","io_method=sync","-c","max_parallel_maintenance_workers=0"];
const extra = process.argv.slice(2);
const base = mkdtempSync('/dev/shm/pgb-');
const tpl = join(base, 'tpl');
{
  const pg = new PGlite(tpl, { extensions: { pg_trgm } });
  const knex = knexFactory({ client: 'pg', connection: createPgConfig(pg) as any, pool: { min: 1, max: 1 } });
  await knex.migrate.latest({ migrationSource });
  await knex.destroy(); await pg.close();
}
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const tot = { cp: 0, open: 0, q: 0, close: 0, rm: 0 };
for (let i = 0; i < 10; i++) {
  const d = join(base, 'c' + i);
  let c = cpu();
  cpSync(tpl, d, { recursive: true });
  let c2 = cpu(); if (i) tot.cp += c2 - c; c = c2;
  const pg = new PGlite(d, { extensions: { pg_trgm }, startParams: [...defaults, ...extra] });
  await pg.waitReady;
  c2 = cpu(); if (i) tot.open += c2 - c; c = c2;
  const r = await pg.query('show shared_buffers');
  await pg.query('select count(*) from releases');
  c2 = cpu(); if (i) tot.q += c2 - c; c = c2;
  if (i === 9) console.log(r.rows);
  await pg.close();
  c2 = cpu(); if (i) tot.close += c2 - c; c = c2;
  rmSync(d, { recursive: true, force: true });
  c2 = cpu(); if (i) tot.rm += c2 - c; c = c2;
}
console.log(extra.join(' '), Object.fromEntries(Object.entries(tot).map(([k, v]) => [k, Math.round(v / 9)])));
rmSync(base, { recursive: true, force: true });
