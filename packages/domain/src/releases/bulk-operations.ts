import type { Features } from '../features.ts';
import type { OrganizationRole } from '../organizations.ts';
import type { IsoDate } from '../dates.ts';
import { bulkClasses, classifyBulkRow, type BulkClass } from './bulk-classification.ts';
import { containerNumberProblem, normalizeContainerNumber } from './container-number.ts';
import type { ReleaseStatus, TransferStatus } from './release.ts';
import { uploadCellText, type UploadCell, type UploadMessage } from './upload.ts';
import { namesUploadColumn, uploadHeaderSearchRows } from './upload-header.ts';

/**
 * Releases spec §5 "Bulk operations file": a spreadsheet of BL + container pairs, its first row
 * a header. Issue 13 item 1 takes .csv besides .xls and .xlsx (the multi-upload's types) and up
 * to 10,000 pairs, all of which one signed statement may cover (`maxCustodyReleases`).
 */
export const bulkLimits = { maxBytes: 5 * 1024 * 1024, maxRows: 10_000 } as const;

/** The actions a bulk file's releases can be given (issue 13 item 1). */
export const bulkActions = ['transfer', 'revoke', 'pincode', 'assign'] as const;
export type BulkAction = (typeof bulkActions)[number];

/**
 * Why a whole bulk file is refused, as translation keys under `releases.bulk.file.` (the
 * server answers the key in `data.fields.file` and the English text as the message).
 */
export const bulkFileMessages = {
  fileRequired: 'Please choose a file to upload',
  fileType: 'Only .csv, .xls and .xlsx files can be uploaded',
  notSpreadsheet: 'The file is not a spreadsheet (.csv, .xls or .xlsx)',
  empty: 'The file has no BL and container pairs below its header row',
  tooLarge: `The file is larger than ${bulkLimits.maxBytes / 1024 / 1024} MB`,
  tooManyRows: `The file has more than ${bulkLimits.maxRows} rows below its header`,
  tooComplex: 'The file is too large or too complex to read',
  encoding: 'The file cannot be read as {{encoding}} text: save it again as "CSV UTF-8"',
} as const satisfies Record<UploadMessage, string>;
export type BulkFileMessage = keyof typeof bulkFileMessages;

/**
 * Releases spec §8 "Bulk messages" (format "BL : container …"), one per class of §4; the words
 * after the pair, in English (the web translates `releases.bulk.class.{class}`).
 */
export const bulkMessages: Record<BulkClass, string> = {
  notFoundOrNotOwned: 'was not found or is not owned by you',
  expired: 'has expired',
  alreadyTransferred: 'was already transferred to the next party',
  gateOut: 'was already picked up (gate-out)',
  deleted: 'was deleted',
  pinFetched: 'has had its pincode fetched and can no longer be transferred',
  blocked: 'is blocked: it cannot get a pincode but can be transferred',
  eligible: 'is ready',
};

/** A bulk message for one pair: "BL : container was not found or is not owned by you". */
export function bulkMessage(pair: BulkPair, bulkClass: BulkClass): string {
  return `${pair.blNumber} : ${pair.containerNumber} ${bulkMessages[bulkClass]}`;
}

/** One BL + container pair of a file, with its row in the sheet (the header is row 1). */
export interface BulkPair {
  blNumber: string;
  containerNumber: string;
}
export interface BulkFilePair extends BulkPair {
  row: number;
}

/** Why a row of the file is not a pair to classify. */
export type BulkRowProblem = 'missingBl' | 'missingContainer' | 'duplicate';
export interface BulkFileProblem extends BulkFilePair {
  problem: BulkRowProblem;
}

/**
 * A pair as it is compared: trimmed and upper-cased; a container number as a release stores it
 * (`normalizeContainerNumber`: without the spaces, dots, slashes and dashes people type inside
 * it, "MSCU 123456-7"). Matching is case-insensitive, as the overview's search is.
 */
export function normalizeBulkPair(blNumber: string, containerNumber: string): BulkPair {
  return {
    blNumber: blNumber.trim().toUpperCase(),
    containerNumber: normalizeContainerNumber(containerNumber),
  };
}

/**
 * Releases spec §5 "Bulk operations file": the data rows (header already dropped, blank rows
 * skipped) as pairs from the first two columns. A row without a BL or container, or repeating an
 * earlier pair, is a problem of the file, reported and not classified.
 */
export function bulkPairsOf(rows: readonly { row: number; cells: readonly UploadCell[] }[]): {
  pairs: BulkFilePair[];
  problems: BulkFileProblem[];
} {
  const pairs: BulkFilePair[] = [];
  const problems: BulkFileProblem[] = [];
  const seen = new Set<string>();
  for (const { row, cells } of rows) {
    const pair = {
      row,
      ...normalizeBulkPair(uploadCellText(cells[0]), uploadCellText(cells[1])),
    };
    const problem: BulkRowProblem | null = !pair.blNumber
      ? 'missingBl'
      : !pair.containerNumber
        ? 'missingContainer'
        : seen.has(pairKey(pair))
          ? 'duplicate'
          : null;
    if (problem) problems.push({ ...pair, problem });
    else {
      seen.add(pairKey(pair));
      pairs.push(pair);
    }
  }
  return { pairs, problems };
}

/**
 * A bulk file read with a warning, as keys under `releases.bulk.file.`: `noHeader`, its first
 * row is a pair, not the header of releases spec §5, and was read as a pair.
 */
export const bulkFileWarnings = {
  noHeader: 'Row {{row}} holds a BL and container pair, not a header: it was read as a pair',
} as const;
export interface BulkFileWarning {
  kind: keyof typeof bulkFileWarnings;
  /** The row of the sheet it is about. */
  row: number;
}

/** Whether a cell holds a container number, its check digit right or not. */
const looksLikeContainer = (cell: UploadCell) => {
  const problem = containerNumberProblem(uploadCellText(cell));
  return problem === null || problem === 'checkDigit';
};
const isPair = (cells: readonly UploadCell[]) =>
  uploadCellText(cells[0]) !== '' && looksLikeContainer(cells[1]);
const isTitle = (cells: readonly UploadCell[]) =>
  cells.filter((cell) => uploadCellText(cell) !== '').length <= 1;

/**
 * Releases spec §5 "Bulk operations file: the first row is a header and is ignored": finds it
 * among the sheet's first rows (`rows` from the sheet's first, numbered from `firstRow`). A
 * row of the first `uploadHeaderSearchRows` whose first cell names the BL or whose second
 * names the container, with only titles or blank rows above it, is the header; else the first
 * row, unless it is a pair: then there is no header (index -1) and the pair is read, with the
 * `noHeader` warning, instead of being dropped unseen.
 */
export function findBulkHeader(
  rows: readonly (readonly UploadCell[])[],
  firstRow = 1,
): { index: number; warning?: BulkFileWarning } {
  const top = rows.slice(0, uploadHeaderSearchRows);
  const named = top.findIndex(
    (cells) =>
      namesUploadColumn(cells[0], 'blNumber') || namesUploadColumn(cells[1], 'containerNumber'),
  );
  if (named >= 0 && top.slice(0, named).every(isTitle)) return { index: named };
  if (top[0] && isPair(top[0])) return { index: -1, warning: { kind: 'noHeader', row: firstRow } };
  return { index: 0 };
}

/** The key a pair is compared by. */
export const pairKey = (pair: BulkPair) => `${pair.blNumber}\u0000${pair.containerNumber}`;

/**
 * Releases spec §6 "Non-carriers: … bulk operations", behind canBulkOperations (else the
 * premium info frame): carriers and terminals may not; others need the feature.
 */
export function bulkPermission(
  role: OrganizationRole,
  features: Pick<Features, 'canBulkOperations'>,
): 'allowed' | 'forbidden' | 'subscriptionRequired' {
  if (role === 'carrier' || role === 'terminal') return 'forbidden';
  return features.canBulkOperations ? 'allowed' : 'subscriptionRequired';
}

/**
 * What the server reads of the release matching a pair, as the caller's active row in its chain
 * sees it (null: none); `pincodeFetched` when any party ever fetched its pincode (DESIGN §3
 * "Invariant", as the custody rules read it).
 */
export interface BulkReleaseFacts {
  ownerOrganizationId: number;
  releaseStatus: ReleaseStatus;
  validUntil: IsoDate;
  transferStatus: TransferStatus;
  pincodeFetched: boolean;
}

/** Releases spec §4 "Bulk classification" of one pair for the caller's organisation. */
export function classifyBulkPair(
  release: BulkReleaseFacts | null,
  organizationId: number,
  today: IsoDate,
): BulkClass {
  return classifyBulkRow(
    release && {
      isOwner: release.ownerOrganizationId === organizationId,
      transferStatus: release.transferStatus,
      releaseStatus: release.releaseStatus,
      validUntil: release.validUntil,
      pinRetrieved: release.transferStatus === 'pinRetrieved' || release.pincodeFetched,
    },
    today,
  );
}

/** A classified pair: its class and, when found in the caller's chain, the release's address. */
export interface ClassifiedPair extends BulkPair {
  bulkClass: BulkClass;
  address: string | null;
}

/** Counts per class, every class present (releases spec §5 "warnings … with counts"). */
export function bulkCounts(rows: readonly { bulkClass: BulkClass }[]): Record<BulkClass, number> {
  const counts = Object.fromEntries(bulkClasses.map((c) => [c, 0])) as Record<BulkClass, number>;
  for (const { bulkClass } of rows) counts[bulkClass] += 1;
  return counts;
}

/**
 * Which classes each action goes ahead with (§4's words: a blocked release "cannot get a pin but
 * can be transferred", a fetched pin "cannot transfer"; a revoke takes back what was passed on;
 * an owner may fetch its pincode again, and assign a blocked release or one whose pin was
 * fetched, §4 "Action rules"). The server's dry run still decides per release.
 */
export const bulkCandidateClasses: Record<BulkAction, readonly BulkClass[]> = {
  transfer: ['eligible', 'blocked'],
  revoke: ['alreadyTransferred'],
  pincode: ['eligible', 'pinFetched'],
  assign: ['eligible', 'blocked', 'pinFetched'],
};

/** The releases of a classified file the action would be asked for, by address. */
export function bulkCandidates(
  action: BulkAction,
  rows: readonly ClassifiedPair[],
): ClassifiedPair[] {
  const classes = bulkCandidateClasses[action];
  return rows.filter((row) => row.address !== null && classes.includes(row.bulkClass));
}
