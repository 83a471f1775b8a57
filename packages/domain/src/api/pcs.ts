import type {
  CustodyApplyAnswer,
  CustodyDryRunAnswer,
  RefusedRelease,
} from '../releases/custody.ts';
import type { PcsAction, PcsReportLine } from '../releases/pcs.ts';

/**
 * Releases spec §7 `PUT releases/pcs/transferToPcs` and `revokeFromPcs` (body `releaseAddresses`,
 * `includeadr`), as a signed custody action's two calls (DESIGN §3): first with `dryRun: true`.
 */
export interface PcsDryRunRequest {
  dryRun: true;
  /** The spec's name; `release_addresses` as the other custody calls name it. */
  releaseAddresses?: string[];
  release_addresses?: string[];
  includeadr?: boolean;
}

/** The dry run's answer, with the spec's `errors` beside `refused`. */
export type PcsDryRunAnswer = CustodyDryRunAnswer & { errors: RefusedRelease[] };

/** One release of the second call, at the version the statement names. */
export interface PcsSignedRelease {
  address: string;
  version: number;
}

/** The second call: the releases as signed, the statement and its signature. */
export interface PcsApplyRequest {
  dryRun?: false;
  releaseAddresses?: PcsSignedRelease[];
  release_addresses?: PcsSignedRelease[];
  includeadr?: boolean;
  statement: string;
  signature: string;
}

/**
 * What the second call answers (§7 "a per-release report of successes and errors"): the
 * releases the signed action covered, and per release what the PCS made of it so far; a
 * release it has not answered for yet is `pending` ("sending to PCS") and tried again.
 */
export interface PcsApplyAnswer extends CustodyApplyAnswer {
  action: PcsAction;
  report: PcsReportLine[];
}

/** `GET releases/pcs/reports/{statementHash}`: a PCS action's report as it stands now (§8). */
export interface PcsReportAnswer {
  action: PcsAction;
  statementHash: string;
  report: PcsReportLine[];
}
