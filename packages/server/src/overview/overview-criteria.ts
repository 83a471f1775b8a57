import {
  defaultValidityFilter,
  overviewFilterFields,
  todayInBrussels,
  type DashboardSlice,
  type IsoDate,
  type OverviewFilter,
  type ValidityFilter,
} from '@scr/domain';
import { normaliseReleaseAddress } from '../releases/release-address.ts';

/** What narrows an overview query: whose rows, the search, the ten filter fields, and lists. */
export interface OverviewCriteria {
  /** The viewing organisation: only its own active party rows are read (DESIGN §3 tenancy). */
  organizationId: number;
  /** The search term as typed (trimmed), or null. */
  search: string | null;
  /** The text and status filter fields that are set (trimmed, empty ones left out). */
  filter: Omit<OverviewFilter, 'valid'>;
  valid: ValidityFilter;
  /** Today in Brussels, for the validity filter. */
  today: IsoDate;
  /** Release addresses the query names (spec §7 "addresses"), or null for all. */
  addresses: string[] | null;
  /** A clicked dashboard slice (`$slice`), or null: replaces the validity filter. */
  slice: DashboardSlice | null;
  /** `containers` find only: exact BL numbers, BL ids and container numbers (any case). */
  blNumbers: string[] | null;
  billOfLadingIds: number[] | null;
  containerNumbers: string[] | null;
}

/** The query fields both finds share, as validated by their schemas. */
export interface OverviewQueryFields {
  $search?: string;
  $filter?: Partial<Record<keyof OverviewFilter, string>>;
  $slice?: DashboardSlice;
  addresses?: string | string[];
  blNumber?: string | string[];
  billOfLadingId?: number | number[];
  containerNumber?: string | string[];
}

/** A list parameter: one value, repeated values, or comma-separated values; null when absent. */
export function listOf(value: string | string[] | undefined): string[] | null {
  if (value === undefined) return null;
  return [value]
    .flat()
    .flatMap((item) => item.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** The criteria of a validated query for one organisation. */
export function overviewCriteria(
  organizationId: number,
  query: OverviewQueryFields,
  today: IsoDate = todayInBrussels(),
): OverviewCriteria {
  const filter: Record<string, string> = {};
  for (const field of overviewFilterFields) {
    const value = query.$filter?.[field]?.trim();
    if (field !== 'valid' && value) filter[field] = value;
  }
  const valid = (query.$filter?.valid?.trim() || defaultValidityFilter) as ValidityFilter;
  const search = query.$search?.trim() || null;
  const addresses = listOf(query.addresses);
  return {
    organizationId,
    search,
    filter: filter as OverviewCriteria['filter'],
    valid,
    today,
    // An address that is not one matches nothing (never an error that tells what exists).
    addresses: addresses && addresses.map((address) => normaliseReleaseAddress(address) ?? '-'),
    slice: query.$slice ?? null,
    blNumbers: listOf(query.blNumber),
    billOfLadingIds: query.billOfLadingId === undefined ? null : [query.billOfLadingId].flat(),
    containerNumbers: listOf(query.containerNumber),
  };
}
