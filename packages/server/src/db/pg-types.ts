import pg from 'pg';

/**
 * A DATE column comes back as its `YYYY-MM-DD` text, not as a JS Date at local midnight (which
 * shifts by a day depending on the machine's time zone). PGlite goes through the same `pg` driver
 * (its node-postgres adapter), so this one setting covers both back ends.
 */
export function useIsoDates(): void {
  pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);
}
