/**
 * What the test databases' pools (test/pglite-pool.ts, test/postgres-pool.ts) ask a database
 * they take back: whether a test changed its schema, and to empty it for the next app.
 */

/**
 * Every column of every table, index and sequence of the schema, with its type, as one md5 in
 * the column `schema`.
 */
export const schemaFingerprintSql = `
select md5(string_agg(format('%s.%s:%s', c.relname, a.attname, a.atttypid), ','
          order by c.relname, a.attnum)) as schema
  from pg_attribute a
  join pg_class c on c.oid = a.attrelid
  join pg_namespace n on n.oid = c.relnamespace
 where n.nspname = current_schema() and a.attnum > 0 and not a.attisdropped`;

/**
 * Truncates the tables that hold rows (knex's migration tables keep theirs) and restarts every
 * sequence, so the next app finds what a fresh copy of the template holds, ids from 1 included.
 */
export const emptyAllSql = `
do $$
declare
  relation record;
  has_rows boolean;
  filled text[] := '{}';
begin
  for relation in
    select c.oid::regclass::text as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
       and c.relname not like 'knex\\_migrations%'
  loop
    execute format('select exists (select from %s)', relation.name) into has_rows;
    if has_rows then
      filled := filled || relation.name;
    end if;
  end loop;
  if cardinality(filled) > 0 then
    execute 'truncate ' || array_to_string(filled, ', ') || ' cascade';
  end if;
  for relation in
    select c.oid::regclass::text as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind = 'S'
  loop
    execute format('alter sequence %s restart', relation.name);
  end loop;
end $$;`;
