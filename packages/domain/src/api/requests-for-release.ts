import type { ReleaseInput } from '../releases/release.ts';
import type { RequestFileKind } from '../requests-for-release/attachments.ts';

/**
 * The requests-for-release services' contract (releases spec §3 "Request for release", §7
 * `requests-for-release`; server `services/requests-for-release/`, web
 * `features/requests-for-release/`).
 */

/** A file sent with a request: the letter of indemnity or another document, in base64. */
export interface RequestFileInput {
  kind: RequestFileKind;
  name: string;
  /** The "ref comment" of spec §3: what the file is, in the requester's words. */
  ref?: string | null;
  contentBase64: string;
}

/**
 * `requests-for-release` create (§7: reference, invoiceNumber, carrierAddress, blNumber,
 * containersRaw, containers, files, organizationAddress, createdAt). The requester is the
 * caller's organisation: `organizationAddress`, when sent, must be its own. `createdAt` is
 * taken and ignored: the server records when it received the request. `containers` alone is
 * the list; sent with `containersRaw` it must name the containers parsed from it (§5).
 */
export interface RequestForReleaseInput {
  carrierAddress: string;
  blNumber: string;
  containersRaw?: string | null;
  containers?: string[] | null;
  reference?: string | null;
  invoiceNumber?: string | null;
  files?: RequestFileInput[];
  organizationAddress?: string | null;
  createdAt?: string | null;
}

/** A file of a request as the list shows it; its content comes from `requests-for-release/files`. */
export interface RequestFileView {
  id: number;
  kind: RequestFileKind;
  name: string;
  ref: string | null;
  contentType: string;
  size: number;
}

/** A file's content (`GET requests-for-release/files/:id`), for the requester and the carrier. */
export interface RequestFileContent {
  id: number;
  name: string;
  contentType: string;
  contentBase64: string;
}

/** A release created in answer to a request. */
export interface RequestAnswerRelease {
  address: string;
  containerNumber: string;
}

/** Releases spec §3 "Request for release": open until the carrier creates releases for it. */
export type RequestForReleaseStatus = 'open' | 'answered';

/** One request for release as its requester and its carrier see it. */
export interface RequestForRelease {
  id: number;
  reference: string | null;
  invoiceNumber: string | null;
  carrierAddress: string;
  carrierName: string;
  blNumber: string;
  containersRaw: string | null;
  containers: string[];
  files: RequestFileView[];
  /** The requester. */
  organizationAddress: string;
  organizationName: string;
  status: RequestForReleaseStatus;
  createdAt: string;
  releases: RequestAnswerRelease[];
}

/** A carrier the requester may address (access spec §9: the remark of subscription 11). */
export interface RequestCarrier {
  address: string;
  name: string;
  /** What its BL numbers must start with (§5: HLCU for the carrier the spec names). */
  blPrefixes: string[];
}

/**
 * `requests-for-release` patch by the carrier: answers the request by creating these releases
 * (releases spec §3 create payload), each for the request's BL; they are linked to it.
 */
export interface RequestAnswerInput {
  releases: ReleaseInput[];
}

/**
 * The paged list's query: `$limit`, `$skip`, and (§7 `find`) `organizationAddress`, the
 * requester's address: a carrier's requests from that organisation, a requester's own.
 */
export interface RequestsForReleaseQuery {
  $limit?: number;
  $skip?: number;
  organizationAddress?: string;
}
