/**
 * Releases spec §3 "Audit trail entry" and §7 `audit-trail` create / get: one ledger event of a
 * release as the parties in its chain read it, with whether it verifies (DESIGN §3 "An
 * audit-trail row shows whether its event verifies").
 */
export interface AuditTrailEntry {
  /** The event's id. */
  id: string;
  releaseAddress: string;
  blNumber: string;
  containerNumber: string;
  /** The ledger operation: create, edit, delete, transfer, revoke, block, unblock, pincode… */
  operation: string;
  /** When, as ISO-8601 UTC; the interface shows it in Brussels time (spec §9). */
  operationAt: string;
  /** Who acted: a person of the source organisation, a machine (API key) or the system. */
  source: 'user' | 'apiKey' | 'system';
  sourceOrganizationName: string | null;
  targetOrganizationName: string | null;
  firstName: string | null;
  lastName: string | null;
  /** When a system acted (`source` apiKey): the name of its API key. */
  apiKeyName?: string | null;
  /**
   * JSON or plain text (spec §3); never a pincode. The dialog renders these keys specially:
   * `driverName`, `identification`, `identificationType` (assign driver); `result` (terminal
   * check); `color` with `value` and `light`, or light name → `{value, color}` (port-status
   * lights). Other members show as `key: value`.
   */
  description: unknown;
  /**
   * Issue 15: the organisations of the chain that the description names by address (the
   * creator, a target), address → name, so the trail shows names with the address beside.
   */
  addressNames?: Record<string, string>;
  /** Position in the release's hash chain, from 1. */
  sequence: number;
  /** The event's hash and the signer of its statement, for those who verify themselves. */
  hash: string;
  signerAddress: string;
  /**
   * The hash link to the previous event, the statement's signature and the replay of the chain
   * check out, and so does the event's inclusion proof into the latest signed checkpoint of the
   * ledger when it is in one (docs/ledger.md).
   */
  verified: boolean;
  /** The size of the signed checkpoint the event is proven in; null until it is in one. */
  checkpointTreeSize?: number | null;
  /** Why not, in English, when it does not verify. */
  verifyProblem: string | null;
}

/** `audit-trail` create body: the releases whose trails to read (at most this many). */
export interface AuditTrailRequest {
  releaseAddresses: string[];
  includeadr?: boolean;
}
export const maxAuditTrailReleases = 500;

/** Both calls answer `{data}`, ordered by release and then by sequence. */
export interface AuditTrailAnswer {
  data: AuditTrailEntry[];
}
