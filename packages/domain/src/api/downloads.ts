import type { Language } from '../languages.ts';
import type {
  DownloadFormat,
  DownloadGroup,
  DownloadLayout,
  DownloadScope,
} from '../releases/download.ts';

/**
 * The downloads' contract (releases spec §5 "Download", §7; server `services/release-downloads/`,
 * web `features/releases/downloads/`).
 */

/**
 * `POST /releases/download/get`: the rows of a download, for the files the browser assembles
 * (with pincodes, DESIGN §3) and the print view. `includeadr` is accepted as the spec's client
 * sends it and changes nothing.
 */
export interface DownloadRowsRequest extends DownloadScope {
  includeadr?: unknown;
}

/**
 * The answer to `download/get`, streamed as NDJSON (`application/x-ndjson`): this head first,
 * then one {@link DownloadGroup} per line, newest BL first.
 */
export interface DownloadRowsHead {
  /** How many releases follow (for the progress bar). */
  total: number;
  /** The downloading organisation's name, for the file's title block. */
  organization: string;
  /** When the rows were read (ISO-8601): the file's date. */
  at: string;
}

export type DownloadRowsLine = DownloadRowsHead | DownloadGroup;

/**
 * `POST /releases/download`: a file streamed by the server. It never holds a pincode in clear,
 * so `fetchPincode: true` is refused (`download_pincodes_in_browser`): the browser opens them
 * with the wallet and assembles that file itself from `download/get`.
 */
export interface DownloadFileRequest extends DownloadScope {
  format: DownloadFormat;
  layout: DownloadLayout;
  language: Language;
  fetchPincode?: boolean;
  includeadr?: unknown;
}

/** The header that tells how many releases a streamed file holds (for the progress bar). */
export const downloadCountHeader = 'x-release-count';
