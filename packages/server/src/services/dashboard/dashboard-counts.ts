import {
  dashboardHorizon,
  validityBucketRange,
  validityBuckets,
  type DashboardCount,
  type DashboardField,
  type IsoDate,
} from '@scr/domain';
import type { Knex } from 'knex';

/** `case` of the validity buckets (domain `validityBucketRange`): the last bucket is open. */
function bucketCase(today: IsoDate): { sql: string; bindings: string[] } {
  const bounded = validityBuckets.filter((bucket) => validityBucketRange(bucket, today).to);
  const open = validityBuckets.find((bucket) => !validityBucketRange(bucket, today).to)!;
  return {
    sql: `case ${bounded.map(() => 'when valid_until <= ? then ?').join(' ')} else ? end`,
    bindings: [
      ...bounded.flatMap((bucket) => [validityBucketRange(bucket, today).to!, bucket]),
      open,
    ],
  };
}

/**
 * Releases spec §2 dashboard, §7 `dashboard` find: how many of the organisation's releases not
 * yet archived (domain `dashboardHorizon`) fall on each value of the five chart fields. Its
 * active party rows are read once (the `(organization_id, valid_until)` index of 0012, a few
 * per cent of its history); statuses and validity come from their copies (`grouping sets`),
 * the pick-up location by release and the port of destination by BL, each an index-only lookup
 * (migration 0029), the BL's once for all its releases. Deleted releases are not counted.
 */
export async function dashboardCounts(
  db: Knex | Knex.Transaction,
  organizationId: number,
  today: IsoDate,
  releaseIds: readonly string[] | null,
): Promise<DashboardCount[]> {
  const bucket = bucketCase(today);
  const restriction = releaseIds ? 'and rp.release_id = any(?::bigint[])' : '';
  const result = await db.raw(
    `with m as materialized (
       select rp.release_id, rp.bill_of_lading_id, rp.release_status, rp.transfer_status,
              rp.valid_until
         from release_parties rp
        where rp.organization_id = ? and rp.active and rp.valid_until >= ?
          and rp.release_status <> 'deleted' ${restriction})
     select case grouping(f0, f1, f2) when 3 then 'releaseStatus' when 5 then 'transferStatus'
                 else 'valid' end as field,
            coalesce(f0, f1, f2) as value, count(*)::int as n
       from (select release_status as f0, transfer_status as f1, ${bucket.sql} as f2 from m) s
      group by grouping sets ((f0), (f1), (f2))
     union all
     select 'pickupLocation', r.pickup_location, count(*)::int
       from m join releases r on r.id = m.release_id
      group by r.pickup_location
     union all
     select 'portOfDestination', b.port_of_destination, sum(per_bl.n)::int
       from (select bill_of_lading_id, count(*) as n from m group by bill_of_lading_id) per_bl
       join bills_of_lading b on b.id = per_bl.bill_of_lading_id
      group by b.port_of_destination`,
    [
      organizationId,
      dashboardHorizon(today),
      ...(releaseIds ? [[...releaseIds]] : []),
      ...bucket.bindings,
    ],
  );
  return (result.rows as { field: DashboardField; value: string | null; n: number }[]).map(
    (row) => ({ field: row.field, value: row.value ?? null, count: Number(row.n) }),
  );
}
