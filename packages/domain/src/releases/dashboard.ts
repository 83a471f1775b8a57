import { addDays, todayInBrussels, type IsoDate } from '../dates.ts';
import { lastArchivedValidUntil } from './lifetime.ts';
import { releaseStatuses, transferStatuses } from './release.ts';

/**
 * Releases spec §2 "collapsible dashboard": what a chart can count, in the spec's order
 * ("Chart positions 0 to 3 map, across the dashboard items, to releaseStatus, transferStatus,
 * pickupLocation, valid and portOfDestination").
 */
export const dashboardFields = [
  'releaseStatus',
  'transferStatus',
  'pickupLocation',
  'valid',
  'portOfDestination',
] as const;
export type DashboardField = (typeof dashboardFields)[number];

/** Releases spec §2: "up to four pie charts" (§3 "Dashboard item": forChart 0 to 3). */
export const dashboardChartCount = 4;

/** A chart shows its largest slices; past this many, the smallest are summed as "others". */
export const maxSlicesPerChart = 8;

/**
 * The `valid` chart's slices: disjoint, so a pie adds up. Expired (not yet archived), expiring
 * by tomorrow (the spec's expiresIn1), in 2 to 5 days (the rest of expiresIn5), and later.
 */
export const validityBuckets = ['expired', 'expiresIn1', 'expiresIn5', 'later'] as const;
export type ValidityBucket = (typeof validityBuckets)[number];

/**
 * Which releases the dashboard counts: the caller's releases whose right is not archived yet
 * (releases spec §4 "Commercial release lifetime": archived 10 days after expiry), i.e. the
 * first `validUntil` counted. Where releases stand now, not three years of history.
 */
export function dashboardHorizon(today: IsoDate = todayInBrussels()): IsoDate {
  return addDays(lastArchivedValidUntil(today), 1);
}

/** The `validUntil` range (inclusive; null = open) of a validity slice, within the horizon. */
export function validityBucketRange(
  bucket: ValidityBucket,
  today: IsoDate = todayInBrussels(),
): { from: IsoDate; to: IsoDate | null } {
  switch (bucket) {
    case 'expired':
      return { from: dashboardHorizon(today), to: addDays(today, -1) };
    case 'expiresIn1':
      return { from: today, to: addDays(today, 1) };
    case 'expiresIn5':
      return { from: addDays(today, 2), to: addDays(today, 5) };
    case 'later':
      return { from: addDays(today, 6), to: null };
  }
}

/** The validity slice a release with this `validUntil` falls in on `today`. */
export function validityBucketOf(validUntil: IsoDate, today: IsoDate = todayInBrussels()) {
  return validityBuckets.find((bucket) => {
    const { to } = validityBucketRange(bucket, today);
    return to === null || validUntil <= to;
  })!;
}

/**
 * A clicked slice, as the overview's query carries it (`$slice[field]`, `$slice[value]`):
 * exactly the releases the slice counted. `value` is a release or transfer status, a terminal
 * code, a validity bucket, or a port of destination; `''` is "no port of destination".
 */
export interface DashboardSlice {
  field: DashboardField;
  value: string;
}

/** Whether a slice's value is one its field can take (the server answers 400 otherwise). */
export function isValidSlice(slice: DashboardSlice): boolean {
  switch (slice.field) {
    case 'releaseStatus':
      return (releaseStatuses as readonly string[]).includes(slice.value);
    case 'transferStatus':
      return (transferStatuses as readonly string[]).includes(slice.value);
    case 'valid':
      return (validityBuckets as readonly string[]).includes(slice.value);
    case 'pickupLocation':
      return slice.value.trim() !== '';
    case 'portOfDestination':
      return true;
  }
}

/** One group the server counted: a field's value (null: not given) and how many releases. */
export interface DashboardCount {
  field: DashboardField;
  value: string | null;
  count: number;
}

/**
 * Releases spec §3 "Dashboard item": one slice of one chart. `chartTitle` names the field the
 * chart counts (the web translates `releases.dashboard.charts.{chartTitle}`); `translationKey`
 * names the slice's label, or is null when `value` is shown as it is (a terminal, a port);
 * `value` is what a click filters on, null for the summed "others" slice (not clickable).
 */
export interface DashboardItem {
  forChart: number;
  chartTitle: DashboardField;
  translationKey: string | null;
  unit: 'releases';
  number: number;
  value: string | null;
}

/** The fields whose values are a fixed list: their slices keep the list's order. */
const fixedOrder: Partial<Record<DashboardField, readonly string[]>> = {
  releaseStatus: releaseStatuses,
  transferStatus: transferStatuses,
  valid: validityBuckets,
};

/** The label key of a slice, or null when its value is shown as it is. */
export function sliceTranslationKey(field: DashboardField, value: string | null): string | null {
  if (value === null) return 'releases.dashboard.others';
  if (field === 'releaseStatus') return `releases.releaseStatus.${value}`;
  if (field === 'transferStatus') return `releases.transferStatus.${value}`;
  if (field === 'valid') return `releases.dashboard.valid.${value}`;
  return value === '' ? 'releases.dashboard.notGiven' : null;
}

/** One chart's slices: fixed fields in their list's order, others largest first, then "others". */
function slicesOf(field: DashboardField, counts: readonly DashboardCount[]) {
  const order = fixedOrder[field];
  const slices = counts
    .filter((count) => count.count > 0)
    .map((count) => ({ value: count.value ?? '', number: count.count }));
  if (order) {
    return slices.sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
  }
  slices.sort((a, b) => b.number - a.number || a.value.localeCompare(b.value));
  if (slices.length <= maxSlicesPerChart) return slices;
  const kept: { value: string | null; number: number }[] = slices.slice(0, maxSlicesPerChart - 1);
  const rest = slices.slice(maxSlicesPerChart - 1).reduce((sum, slice) => sum + slice.number, 0);
  return [...kept, { value: null, number: rest }];
}

/**
 * Releases spec §2 and §3 "Dashboard item": the server's counts as the dashboard's items. Five
 * fields, four chart positions: the positions go, in the spec's order, to the fields whose
 * releases spread over at least two slices (a whole pie says nothing), then to those with one,
 * so at most four charts; a field with no releases gets none. Positions follow the spec's order.
 */
export function dashboardItems(counts: readonly DashboardCount[]): DashboardItem[] {
  const charts = dashboardFields
    .map((field) => ({
      field,
      slices: slicesOf(
        field,
        counts.filter((c) => c.field === field),
      ),
    }))
    .filter((chart) => chart.slices.length > 0);
  const chosen = [
    ...charts.filter((chart) => chart.slices.length > 1),
    ...charts.filter((chart) => chart.slices.length === 1),
  ]
    .slice(0, dashboardChartCount)
    .sort((a, b) => dashboardFields.indexOf(a.field) - dashboardFields.indexOf(b.field));
  return chosen.flatMap((chart, forChart) =>
    chart.slices.map((slice) => ({
      forChart,
      chartTitle: chart.field,
      translationKey: sliceTranslationKey(chart.field, slice.value),
      unit: 'releases' as const,
      number: slice.number,
      value: slice.value,
    })),
  );
}

/** The slice a click on an item selects; null for "others", which names no single value. */
export function sliceOfItem(item: DashboardItem): DashboardSlice | null {
  return item.value === null ? null : { field: item.chartTitle, value: item.value };
}

/** Releases spec §2: clicking a slice selects it; clicking the selected one again clears it. */
export function toggleSlice(
  current: DashboardSlice | null,
  clicked: DashboardSlice | null,
): DashboardSlice | null {
  if (!clicked) return current;
  if (current && current.field === clicked.field && current.value === clicked.value) return null;
  return clicked;
}
