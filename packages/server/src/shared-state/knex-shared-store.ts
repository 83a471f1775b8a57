import type { Knex } from 'knex';
import type { SharedStore, WindowCount } from './shared-store.ts';

const table = 'shared_state';

/**
 * The shared store in the database's `shared_state` table (migration 0035): one row per key,
 * counted with one upsert so that two instances hitting a key at once both count. Rows past
 * their `expires_at` are ignored by every read and removed by `sweep`.
 */
export class KnexSharedStore implements SharedStore {
  constructor(private readonly knex: Knex) {}

  async hit(key: string, windowMs: number): Promise<WindowCount> {
    const { rows } = await this.knex.raw<{ rows: { count: number; expires_at: Date }[] }>(
      `insert into ${table} (key, count, expires_at)
       values (?, 1, clock_timestamp() + ? * interval '1 millisecond')
       on conflict (key) do update set
         count = case when ${table}.expires_at <= clock_timestamp() then 1
                      else ${table}.count + 1 end,
         expires_at = case when ${table}.expires_at <= clock_timestamp() then excluded.expires_at
                           else ${table}.expires_at end
       returning count, expires_at`,
      [key, windowMs],
    );
    return windowOf(rows[0]!);
  }

  async peek(key: string): Promise<WindowCount | null> {
    const row = await this.knex(table)
      .where({ key })
      .where('expires_at', '>', this.knex.raw('clock_timestamp()'))
      .first('count', 'expires_at');
    return row && row.count > 0 ? windowOf(row) : null;
  }

  async clear(key: string): Promise<void> {
    await this.delete(key);
  }

  async put(key: string, value: string, ttlMs: number): Promise<void> {
    await this.knex.raw(
      `insert into ${table} (key, value, expires_at)
       values (?, ?, clock_timestamp() + ? * interval '1 millisecond')
       on conflict (key) do update set value = excluded.value, count = 0,
         expires_at = excluded.expires_at`,
      [key, value, ttlMs],
    );
  }

  async get(key: string): Promise<string | null> {
    const row = await this.knex(table)
      .where({ key })
      .where('expires_at', '>', this.knex.raw('clock_timestamp()'))
      .first('value');
    return row?.value ?? null;
  }

  async delete(...keys: string[]): Promise<void> {
    if (keys.length > 0) await this.knex(table).whereIn('key', keys).delete();
  }

  /** Removes expired rows (a few at a time, so a sweep never holds many locks); answers how many. */
  async sweep(limit = 5_000): Promise<number> {
    const expired = this.knex(table)
      .select('key')
      .where('expires_at', '<=', this.knex.raw('clock_timestamp()'))
      .limit(limit);
    return this.knex(table).whereIn('key', expired).delete();
  }
}

function windowOf(row: { count: number; expires_at: Date | string }): WindowCount {
  return { count: Number(row.count), resetAt: new Date(row.expires_at).getTime() };
}
