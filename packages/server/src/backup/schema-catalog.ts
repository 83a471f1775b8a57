import type { Knex } from 'knex';
import type { BackupTable } from './backup-format.ts';

/**
 * What backup and restore ask PostgreSQL's catalog about the portal's schema (`current_schema()`,
 * the same on PGlite and PostgreSQL). Knex's own bookkeeping (knex_migrations and its lock) is
 * not data: a backup records the migration names in its header, and restore runs them.
 */
const knexTables = ['knex_migrations', 'knex_migrations_lock'];

/** Every table of the schema but knex's, each with its stored columns in order. */
export async function schemaTables(knex: Knex): Promise<BackupTable[]> {
  const { rows } = await knex.raw<{ rows: { table: string; column: string; type: string }[] }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid
      where n.nspname = current_schema() and c.relkind = 'r' and not c.relispartition
        and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
        and c.relname <> all (?)
      order by c.relname, a.attnum`,
    [knexTables],
  );
  const tables = new Map<string, BackupTable>();
  for (const { table, column, type } of rows) {
    const entry = tables.get(table) ?? { name: table, columns: [] };
    entry.columns.push({ name: column, type });
    tables.set(table, entry);
  }
  return [...tables.values()];
}

/** The migrations recorded in the database, in the order they ran; null without knex's table. */
export async function appliedMigrations(knex: Knex): Promise<string[] | null> {
  if (!(await knex.schema.hasTable('knex_migrations'))) return null;
  const rows: { name: string }[] = await knex('knex_migrations').orderBy('id').select('name');
  return rows.map((row) => row.name);
}

/** The schema's sequences but knex's: their names, sorted. */
export async function schemaSequences(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: { name: string }[] }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'S'
        and not exists (select from unnest(?::text[]) k where starts_with(c.relname, k))
      order by c.relname`,
    [knexTables],
  );
  return rows.map((row) => row.name);
}

/** The tables of the schema (knex's left out) that hold at least one row. */
export async function tablesWithRows(knex: Knex): Promise<string[]> {
  const found: string[] = [];
  for (const table of await schemaTables(knex)) {
    const { rows } = await knex.raw('select exists (select from ??) as any', [table.name]);
    if (rows[0].any) found.push(table.name);
  }
  return found;
}

/**
 * Drops every table, sequence and function of the schema, knex's included, so migrations can build it
 * anew; in the caller's transaction, so a failed restore leaves it as it was.
 */
export async function dropSchemaObjects(trx: Knex.Transaction): Promise<void> {
  const { rows } = await trx.raw<{ rows: { name: string; kind: string }[] }>(
    `select c.relname as name, c.relkind as kind from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'S', 'v', 'm')
        and not exists (select from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
  );
  const list = (kinds: string) => rows.filter((row) => kinds.includes(row.kind));
  for (const [kinds, what] of [
    ['v', 'view'],
    ['m', 'materialized view'],
    ['rp', 'table'],
    ['S', 'sequence'],
  ] as const) {
    const names = list(kinds).map((row) => row.name);
    if (names.length === 0) continue;
    await trx.raw(`drop ${what} if exists ${names.map(() => '??').join(', ')} cascade`, names);
  }
  // The migrations' own functions (0036's trigger function), not an extension's (pg_trgm's).
  const { rows: functions } = await trx.raw<{ rows: { signature: string }[] }>(
    `select p.oid::regprocedure::text as signature from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema()
        and not exists (select from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  for (const { signature } of functions)
    await trx.raw(`drop function if exists ${signature} cascade`);
}

export interface ForeignKey {
  table: string;
  name: string;
  definition: string;
}

/**
 * Drops the schema's foreign keys and answers them, so the rows load in any order (a table may
 * refer to itself); `addForeignKeys` puts them back, which checks every row at once.
 */
export async function dropForeignKeys(trx: Knex.Transaction): Promise<ForeignKey[]> {
  const { rows } = await trx.raw<{ rows: ForeignKey[] }>(
    `select c.relname as table, con.conname as name, pg_get_constraintdef(con.oid) as definition
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where con.contype = 'f' and n.nspname = current_schema()
      order by c.relname, con.conname`,
  );
  for (const key of rows) await trx.raw('alter table ?? drop constraint ??', [key.table, key.name]);
  return rows;
}

export async function addForeignKeys(trx: Knex.Transaction, keys: ForeignKey[]): Promise<void> {
  for (const key of keys) {
    await trx.raw(`alter table ?? add constraint ?? ${key.definition}`, [key.table, key.name]);
  }
}
