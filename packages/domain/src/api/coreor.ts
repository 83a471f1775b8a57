import type { CoreorError } from '../edifact/coreor-rules.ts';
import type { CoreorFunction } from '../edifact/coreor-rules.ts';

/**
 * The COREOR import's contract (issue 14 item 4; server `services/coreor/`): a carrier sends
 * an EDIFACT interchange as text and gets an answer per message, in the spirit of APERAK.
 */
export interface CoreorUpload {
  /** The interchange as text (UNA/UNB … UNZ). */
  content: string;
  fileName?: string;
}

/**
 * The bodies `POST releases/coreor` reads besides JSON `{content, fileName}`: the interchange
 * itself (`application/EDIFACT` or `text/plain`, UTF-8 unless a charset says otherwise) or a
 * multipart form with the file as `file`. `Accept: application/EDIFACT` answers an APERAK.
 */
export const coreorMediaTypes = {
  edifact: 'application/EDIFACT',
  text: 'text/plain',
  multipart: 'multipart/form-data',
} as const;

/** At most this many characters in one interchange (about 2 MB), and containers in it. */
export const coreorLimits = { maxCharacters: 2_000_000, maxReleases: 5000 } as const;

/**
 * `duplicate`: the interchange (same sender and UNB control reference) or the message (same
 * sender and UNH message reference) was received and taken before; nothing of it was done again
 * (`edifact/coreor-duplicates.ts`).
 */
export type CoreorStatus = 'accepted' | 'partiallyAccepted' | 'rejected' | 'duplicate';

/** What became of one container of a message. */
export interface CoreorReleaseAnswer {
  blNumber: string;
  containerNumber: string;
  action: 'create' | 'update' | 'cancel';
  /** `duplicate`: its message was received before; it was not done again. */
  status: 'accepted' | 'rejected' | 'duplicate';
  /** The release created, replaced or cancelled. */
  address?: string;
  errors: CoreorError[];
}

/** One message's answer: accepted, or each error with its segment and reason. */
export interface CoreorMessageAnswer {
  messageReference: string;
  documentNumber: string;
  function: CoreorFunction | null;
  status: CoreorStatus;
  errors: CoreorError[];
  releases: CoreorReleaseAnswer[];
}

export interface CoreorAnswer {
  fileName: string | null;
  interchangeReference: string | null;
  sender: string | null;
  /** UNB S003: whom the carrier addressed (the portal's EDI name; the APERAK's sender). */
  recipient: string | null;
  status: CoreorStatus;
  accepted: number;
  rejected: number;
  /** Containers of messages answered as duplicates: neither taken again nor refused. */
  duplicates: number;
  /** Errors of the interchange itself (syntax, envelope): nothing of it was taken. */
  errors: CoreorError[];
  messages: CoreorMessageAnswer[];
}

/**
 * A message's (or an interchange's) status from its releases: all taken, some, or none; or,
 * when everything in it was a duplicate, `duplicate`.
 */
export function coreorStatusOf(
  accepted: number,
  rejected: number,
  errors: readonly unknown[] = [],
  duplicates = 0,
): CoreorStatus {
  if (errors.length > 0) return 'rejected';
  if (accepted === 0 && rejected === 0 && duplicates > 0) return 'duplicate';
  if (accepted === 0) return 'rejected';
  return rejected === 0 ? 'accepted' : 'partiallyAccepted';
}
