import { compareAssignLocations, type AssignLocation, type Language } from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../kit/db-row.ts';

type Db = Knex | Knex.Transaction;

/**
 * Every assign location (releases spec §2 "pickupMethod", §3 "assignLocationLabel") with the
 * terminals that lie in it, in display order (domain `compareAssignLocations`). One small query:
 * the portal has a handful of them.
 */
export async function assignLocations(db: Db): Promise<AssignLocation[]> {
  const rows: DbRow[] = await db('assign_locations as a')
    .leftJoin('terminals as t', 't.assign_location_code', 'a.code')
    .groupBy('a.code')
    .select(
      'a.code',
      'a.labels',
      'a.sort_order',
      db.raw(
        `coalesce(jsonb_agg(t.code order by t.code) filter (where t.code is not null), '[]'::jsonb) as terminal_codes`,
      ),
    );
  return rows
    .map((row) => ({
      code: row.code as string,
      labels: row.labels as Record<Language, string>,
      order: Number(row.sort_order),
      terminalCodes: row.terminal_codes as string[],
    }))
    .sort(compareAssignLocations);
}
