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

/** At most this many characters in one interchange (about 2 MB), and containers in it. */
export const coreorLimits = { maxCharacters: 2_000_000, maxReleases: 5000 } as const;

export type CoreorStatus = 'accepted' | 'partiallyAccepted' | 'rejected';

/** What became of one container of a message. */
export interface CoreorReleaseAnswer {
  blNumber: string;
  containerNumber: string;
  action: 'create' | 'update' | 'cancel';
  status: 'accepted' | 'rejected';
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
  status: CoreorStatus;
  accepted: number;
  rejected: number;
  /** Errors of the interchange itself (syntax, envelope): nothing of it was taken. */
  errors: CoreorError[];
  messages: CoreorMessageAnswer[];
}

/** A message's status from its releases: all taken, some, or none. */
export function coreorStatusOf(
  accepted: number,
  rejected: number,
  errors: readonly unknown[] = [],
): CoreorStatus {
  if (errors.length > 0 || accepted === 0) return 'rejected';
  return rejected === 0 ? 'accepted' : 'partiallyAccepted';
}
