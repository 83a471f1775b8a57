import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';

/**
 * Compares the pool's ceiling (DATABASE_POOL_MAX) with PostgreSQL's own limit and logs it: a
 * warning when this one instance could take every connection the server gives to ordinary
 * users (`max_connections` less `superuser_reserved_connections`), since every instance, the
 * migrations of the next deployment and a backup need their share. Also the start's first
 * round trip to the server: throws as any query does while it is away.
 */
export async function checkPoolLimit(knex: Knex, poolMax: number, logger: Logger): Promise<void> {
  const { rows } = await knex.raw<{ rows: { max: number; reserved: number; used: number }[] }>(
    `select current_setting('max_connections')::int as max,
            current_setting('superuser_reserved_connections')::int as reserved,
            (select count(*)::int from pg_stat_activity where backend_type = 'client backend') as used`,
  );
  const { max, reserved, used } = rows[0]!;
  const available = max - reserved;
  const figures = { poolMax, maxConnections: max, reserved, inUse: used };
  if (poolMax > available) {
    logger.warn(
      figures,
      `DATABASE_POOL_MAX (${poolMax}) is above the ${available} connections PostgreSQL gives ordinary users; lower it, or raise max_connections`,
    );
  } else {
    logger.info(figures, 'database pool');
  }
}
