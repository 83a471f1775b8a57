import { brusselsFileTimestamp, formatBrusselsDateTime, formatTypedDate } from '../dates.ts';
import type { Language } from '../languages.ts';
import type { OrganizationRole } from '../organizations.ts';
import { downloadWords, type DownloadColumn, type DownloadWords } from './download-words.ts';
import type { DashboardSlice } from './dashboard.ts';
import { isFilterActive, type OverviewFilter } from './overview.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';

export * from './download-words.ts';

/** Releases spec §2, §5 "Download": PDF, Excel and CSV. */
export const downloadFormats = ['pdf', 'xlsx', 'csv'] as const;
export type DownloadFormat = (typeof downloadFormats)[number];

/** Grouped by BL (a heading per BL, its containers below) or flat (one row per container). */
export const downloadLayouts = ['grouped', 'flat'] as const;
export type DownloadLayout = (typeof downloadLayouts)[number];

/**
 * The most releases a selection by address may name; a larger download goes by the search or
 * filter (or a selection by query, which is one).
 */
export const maxDownloadSelection = 10_000;

/**
 * What a download covers (releases spec §7 `POST /releases/download/get`: filter, search,
 * selectedContainerAddresses): the selected releases when there are any, else the current
 * search and filter.
 */
export interface DownloadScope {
  search?: string;
  filter?: OverviewFilter;
  /** A clicked dashboard slice (issue 13 item 3): it filters the table, so it scopes a download. */
  slice?: DashboardSlice;
  selectedContainerAddresses?: string[];
}

/**
 * Releases spec §5 "Download": a download needs a search, a filter or at least one selected
 * row. The catalogued error code when it has none of those, else null.
 */
export function downloadScopeRefusal(scope: DownloadScope): 'download_scope_required' | null {
  if ((scope.selectedContainerAddresses ?? []).length > 0) return null;
  if ((scope.search ?? '').trim() !== '') return null;
  if (scope.slice) return null;
  if (scope.filter && isFilterActive(scope.filter)) return null;
  return 'download_scope_required';
}

/** Releases spec §2, §6: download and print are for non-carriers (carriers have no buttons). */
export function mayDownloadReleases(role: OrganizationRole): boolean {
  return role !== 'carrier';
}

const extensions: Record<DownloadFormat, string> = { pdf: 'pdf', xlsx: 'xlsx', csv: 'csv' };

/** The content type each format is sent and saved with. */
export const downloadContentTypes: Record<DownloadFormat, string> = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv;charset=utf-8',
};

/** The file's name, with the Brussels date and time: `releases-grouped-20260301-141502.pdf`. */
export function downloadFileName(format: DownloadFormat, layout: DownloadLayout, at: Date): string {
  return `releases-${layout}-${brusselsFileTimestamp(at)}.${extensions[format]}`;
}

/** A BL as a download shows it (releases spec §3 "Bill of lading"). */
export interface DownloadBill {
  blNumber: string;
  vessel: string | null;
  voyageNumber: string | null;
  portOfLoading: string | null;
  portOfDestination: string | null;
  /** The carrier's name (the BL's creator). */
  carrier: string;
}

/** A release as a download shows it: the viewer's own view of it (releases spec §3). */
export interface DownloadContainer {
  address: string;
  containerNumber: string;
  isoTypeCode: string;
  pickupLocation: string;
  turnInLocation: string | null;
  validFrom: string;
  validUntil: string;
  releaseStatus: ReleaseStatus;
  transferStatus: TransferStatus;
  receivedFrom: string | null;
  /** Null without canSeeTransferInfo. */
  transferTo: string | null;
  /** The assigned driver's, barge's or train's name. */
  assignee: string | null;
}

/** One BL with the viewer's releases of it in the download: the unit rows stream in. */
export interface DownloadGroup {
  bill: DownloadBill;
  containers: DownloadContainer[];
}

/** The columns every layout shows of a BL, in order. */
const billColumns = [
  'blNumber',
  'vessel',
  'voyageNumber',
  'portOfLoading',
  'portOfDestination',
  'carrier',
] as const satisfies readonly DownloadColumn[];
const containerColumns = [
  'containerNumber',
  'isoTypeCode',
  'pickupLocation',
  'turnInLocation',
  'validFrom',
  'validUntil',
  'releaseStatus',
  'transferStatus',
  'receivedFrom',
  'transferTo',
  'assignee',
] as const satisfies readonly DownloadColumn[];

/**
 * Where the lines go: a page (PDF, print), where a grouped BL gets a heading of its own, or a
 * sheet (CSV, Excel), which has no headings: one row per container (releases spec §5 "Download").
 */
export type DownloadMedium = 'page' | 'sheet';

/**
 * The table's columns: flat rows carry the BL's number, vessel and voyage beside each
 * container; grouped rows on a page leave the BL to its heading, and on a sheet carry every BL
 * field first, so the rows sort and filter by BL. The pincode comes last when asked for.
 */
export function downloadColumns(
  layout: DownloadLayout,
  withPincodes: boolean,
  medium: DownloadMedium = 'page',
): DownloadColumn[] {
  const [container, ...rest] = containerColumns;
  const columns: DownloadColumn[] =
    layout === 'flat'
      ? [container, 'blNumber', 'vessel', 'voyageNumber', ...rest]
      : medium === 'sheet'
        ? [...billColumns, ...containerColumns]
        : [...containerColumns];
  return withPincodes ? [...columns, 'pincode'] : columns;
}

/** A line of the table: a BL's heading (grouped only) or a container's row of cells. */
export type DownloadLine = { kind: 'heading'; text: string } | { kind: 'row'; cells: string[] };

/** The pincodes the wallet opened, by release address (lower case); absent: none. */
export type OpenedPincodes = ReadonlyMap<string, string>;

/** The words of a language, for the server and the browser alike. */
export function wordsFor(language: Language): DownloadWords {
  return downloadWords[language];
}

/** The header row: each column's translated name. */
export function downloadHeader(columns: readonly DownloadColumn[], words: DownloadWords) {
  return columns.map((column) => words.columns[column]);
}

const dateCell = (iso: string) => (iso ? formatTypedDate(iso) : '');

/** One cell's text: dates as DD/MM/YYYY (releases spec §3), statuses translated. */
function cellOf(
  column: DownloadColumn,
  bill: DownloadBill,
  container: DownloadContainer,
  words: DownloadWords,
  pincodes: OpenedPincodes | null,
): string {
  switch (column) {
    case 'validFrom':
    case 'validUntil':
      return dateCell(container[column]);
    case 'releaseStatus':
      return words.releaseStatus[container.releaseStatus] ?? container.releaseStatus;
    case 'transferStatus':
      return words.transferStatus[container.transferStatus] ?? container.transferStatus;
    case 'pincode':
      return pincodes?.get(container.address.toLowerCase()) ?? words.noPincode;
    case 'blNumber':
    case 'vessel':
    case 'voyageNumber':
    case 'portOfLoading':
    case 'portOfDestination':
    case 'carrier':
      return bill[column] ?? '';
    default:
      return container[column] ?? '';
  }
}

/** A BL's heading line: its number, then its other fields that are set, labelled. */
export function billHeading(bill: DownloadBill, words: DownloadWords, count: number): string {
  const parts = billColumns
    .slice(1)
    .filter((column) => bill[column])
    .map((column) => `${words.columns[column]}: ${bill[column]}`);
  return [
    `${words.columns.blNumber} ${bill.blNumber}`,
    ...parts,
    `${count} ${words.releases}`,
  ].join(' · ');
}

/**
 * The lines of one BL group in a layout (releases spec §5 "Download"): grouped on a page, a
 * heading and the container rows; flat, or on a sheet, the rows alone. With pincodes, each
 * row's is the one the wallet opened in the browser, or "not retrieved".
 */
export function downloadLines(
  group: DownloadGroup,
  layout: DownloadLayout,
  words: DownloadWords,
  pincodes: OpenedPincodes | null = null,
  medium: DownloadMedium = 'page',
): DownloadLine[] {
  const columns = downloadColumns(layout, pincodes !== null, medium);
  const rows: DownloadLine[] = group.containers.map((container) => ({
    kind: 'row',
    cells: columns.map((column) => cellOf(column, group.bill, container, words, pincodes)),
  }));
  if (layout === 'flat' || medium === 'sheet') return rows;
  return [
    { kind: 'heading', text: billHeading(group.bill, words, group.containers.length) },
    ...rows,
  ];
}

/** The title block of a file: what, for whom and when (PDFs carry the organisation and date). */
export function downloadTitle(words: DownloadWords, organization: string, at: Date) {
  return {
    title: words.title,
    organization: `${words.organization}: ${organization}`,
    date: `${words.date}: ${formatBrusselsDateTime(at)}`,
  };
}
