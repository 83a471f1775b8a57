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
 * Deletes the rows of every table that holds some (knex's migration tables keep theirs) and
 * starts every sequence that was used again, so the next app finds what a fresh copy of the
 * template holds, ids from 1 included.
 *
 * `delete`, not `truncate`: a truncate gives each table, its indexes and its TOAST table new
 * files and empties the old ones, and on PGlite each of those file operations goes through
 * WebAssembly's file system to Node's; emptying an app's database took 0.27 s there, about an
 * eighth of the API tests' CPU. The rows are few, and the dead ones are pruned as pages are
 * reused. Foreign keys are not checked while it runs (`session_replication_role`), so the
 * order of the tables does not matter; a `setval` changes a sequence in place where
 * `alter sequence … restart` gives it a new file too.
 */
export const emptyAllSql = `
do $$
declare
  relation record;
  has_rows boolean;
begin
  set local session_replication_role = replica;
  for relation in
    select c.oid::regclass::text as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = current_schema() and c.relkind in ('r', 'p')
       and c.relname not like 'knex\\_migrations%'
  loop
    execute format('select exists (select from %s)', relation.name) into has_rows;
    if has_rows then
      execute format('delete from %s', relation.name);
    end if;
  end loop;
  for relation in
    select format('%I.%I', schemaname, sequencename) as name, start_value from pg_sequences
     where schemaname = current_schema() and last_value is not null
  loop
    perform setval(relation.name, relation.start_value, false);
  end loop;
end $$;`;
