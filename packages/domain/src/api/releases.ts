import type { Language } from '../languages.ts';
import type { CustodyApplyAnswer, PincodeLogEntry } from '../releases/custody.ts';
import type { ContainerRow } from '../releases/overview.ts';
import type { PcsReportLine } from '../releases/pcs.ts';
import type { UploadRowWarning } from '../releases/upload-dates.ts';

/**
 * The releases services' contract (releases spec §7; server `services/releases/`,
 * `release-uploads/`, `preferences/`): what they answer and what the web sends.
 */

/**
 * What became of one release in a patch or remove (releases spec §7 "patch without id":
 * "Returns per-release list each with an error field"): the release as the caller now sees it,
 * or why not: a domain refusal code (`notFound`, `deleted`, `gateOut`; the web translates them
 * under `releases.refusal.`), `archived`, or `validation_failed` with `fields` (field →
 * translation key). Editing or deleting one release by address throws instead (404, 409, 400).
 */
export interface ReleaseChange {
  address: string;
  release?: ContainerRow;
  error?: string;
  fields?: Record<string, string>;
}

/** One data row of an uploaded file and what became of it. */
export interface UploadRowResult {
  /** The row number in the sheet (the header is row 1). */
  row: number;
  blNumber: string;
  containerNumber: string;
  /** Set when the row became a release. */
  address?: string;
  /** Field → translation key, when the row was not created. */
  errors?: Record<string, string>;
  /** How the row was read that its sender should check (a date typed 1/5/2027, read as 1 May). */
  warnings?: UploadRowWarning[];
}

/** The answer to an upload (releases spec §5 "Multi-upload"). */
export interface UploadResult {
  fileName: string;
  /** The name it is kept under: repeated names get a numeric suffix (`releases (1).xlsx`). */
  storedName: string;
  created: number;
  failed: number;
  rows: UploadRowResult[];
}

/**
 * A custody service's second call answers this; `pincode-log` adds each release's sealed copy,
 * the PCS actions the PCS's report per release (`api/pcs.ts`).
 */
export type CustodyApplyResult = CustodyApplyAnswer & {
  data?: PincodeLogEntry[];
  report?: PcsReportLine[];
};

/** Access spec §2 "Settings": notices of one event grouped per container, or per BL (premium). */
export const noticeGroupings = ['container', 'bl'] as const;
export type NoticeGrouping = (typeof noticeGroupings)[number];

/** Access spec §3 "Preferences", as `preferences` find and create answer them (all filled in). */
export interface PreferencesView {
  hiddenColumns: { bl: string[]; container: string[] };
  options: {
    /** How notices of a transfer, and of an update, are grouped. */
    transferred: NoticeGrouping;
    updated: NoticeGrouping;
    /** Rows per page of the BL view and of the container view (spec §5: 50 at most). */
    limitBL: number;
    limitCT: number;
  };
  preferredLanguage: Language;
  releaseTransferEmail: boolean;
  releaseUpdateEmail: boolean;
}

/**
 * `preferences` create (access spec §7): any part of the user's preferences; what is left out
 * keeps its saved value, a hidden-columns list sent replaces that view's list. A row limit may
 * be sent empty or out of range: it is accepted and reset (releases spec §5).
 */
export interface PreferencesChange {
  hiddenColumns?: { bl?: string[]; container?: string[] };
  options?: {
    transferred?: NoticeGrouping;
    updated?: NoticeGrouping;
    limitBL?: number | string | null;
    limitCT?: number | string | null;
  };
  preferredLanguage?: Language;
  releaseTransferEmail?: boolean;
  releaseUpdateEmail?: boolean;
}
