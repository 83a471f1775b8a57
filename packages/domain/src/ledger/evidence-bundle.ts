import { brusselsFileTimestamp } from '../dates.ts';
import { canonicalJson } from './canonical-json.ts';
import type { LedgerEventContent } from './event-hash.ts';
import type { CheckpointContent, MerkleHash } from './merkle.ts';

/**
 * An evidence bundle (docs/ledger.md, "Evidence bundles"): one JSON file with the custody story of
 * a container or a bill of lading, as the ledger holds it, for someone who trusts neither the
 * portal nor its database (customs, the police). Everything in it verifies offline with the
 * standalone verifier (`npx scr-verify-evidence bundle.json`, `packages/evidence-verifier`): each
 * event hashes to its hash and links to the one before it, each statement is signed by the
 * organisation that acted (or the server, for its own records), every event is a leaf of the signed
 * checkpoint, and the server signed the bundle as a whole, so the names and roles it gives the
 * organisations' addresses are the portal's word too.
 *
 * A bundle never holds a pincode, only the pincode-copy hashes the events bind. It does hold
 * what the signed statements and the events' descriptions say, in clear: an assignment's
 * identification (the driver's alfaPass, a barge's ENI number), a gate check's presented value.
 */

/** The `kind` of an evidence bundle. */
export const evidenceBundleKind = 'scr-evidence-bundle';
/** The version of the bundle's format. */
export const evidenceBundleVersion = 1;

/** What was asked for: one container number or one BL number. */
export type EvidenceScope = { containerNumber: string } | { blNumber: string };

/** The signed checkpoint the bundle's events are proved into (`GET ledger/checkpoints/latest`). */
export interface EvidenceCheckpoint extends CheckpointContent {
  /** EIP-191 signature of `text` by the server's key. */
  signature: string;
  /** `checkpointText` of the fields above: what the signature covers. */
  text: string;
}

/** An organisation of the story: whoever acted or received in one of the bundle's events. */
export interface EvidenceOrganization {
  id: number;
  name: string;
  /** `carrier`, `terminal` or `other`. */
  role: string;
  /** The EIP-55 address of its signing key. */
  address: string;
  /**
   * Its secp256k1 public key (uncompressed, `0x04…`), recovered from its signature of the
   * statement `publicKeyFrom`, so that address = the last 20 bytes of keccak-256(publicKey);
   * null when it signed none of the bundle's statements.
   */
  publicKey: string | null;
  /** The hash of the statement whose signature gave `publicKey`. */
  publicKeyFrom: string | null;
}

/** A signed statement, once however many events refer to it. */
export interface EvidenceStatement {
  /** keccak-256 of `text`: the `statementHash` events carry. */
  hash: string;
  /** The exact canonical text that was signed. */
  text: string;
  /** EIP-191 `personal_sign` of `text`. */
  signature: string;
  /** The signer recorded when the statement was accepted. */
  signerAddress: string;
}

/** One ledger event as stored, with where it is in the ledger's log. */
export interface EvidenceEvent {
  /** Every field the event's hash binds, as stored (`eventHash(content) === hash`). */
  content: LedgerEventContent;
  hash: string;
  /** Its leaf in the ledger's log (RFC 9162). */
  leafIndex: number;
  /** RFC 9162 §2.1.3.1 audit path of the leaf in the bundle's checkpoint, from its sibling up. */
  inclusionProof: MerkleHash[];
}

/** One release: its whole hash chain, from its creation. */
export interface EvidenceRelease {
  address: string;
  blNumber: string;
  containerNumber: string;
  events: EvidenceEvent[];
}

/** The bundle (`kind` `scr-evidence-bundle`, `v` 1). */
export interface EvidenceBundle {
  kind: typeof evidenceBundleKind;
  v: typeof evidenceBundleVersion;
  scope: EvidenceScope;
  /** When it was exported (ISO 8601, UTC). */
  exportedAt: string;
  /** The organisation that exported it. */
  exportedBy: { organizationId: number; name: string; address: string };
  /** The server: its address (app-info `serverAddress`), its key (from the checkpoint's). */
  server: { address: string; publicKey: string };
  checkpoint: EvidenceCheckpoint;
  organizations: EvidenceOrganization[];
  statements: EvidenceStatement[];
  releases: EvidenceRelease[];
  /** EIP-191 signature by the server of `evidenceBundleSignedText` (everything but itself). */
  signature: string;
}

/** What the bundle's own signature covers: canonical JSON of every field but `signature`. */
export function evidenceBundleSignedText(bundle: Omit<EvidenceBundle, 'signature'>): string {
  const { signature: _signature, ...signed } = bundle as EvidenceBundle;
  return canonicalJson(signed);
}

/**
 * The bundle's file name: `scr-evidence-<number>-<Brussels time>.json`, the number's characters
 * other than letters, digits, `.`, `-` and `_` written `_`.
 */
export function evidenceBundleFileName(scope: EvidenceScope, at: Date): string {
  const number = 'containerNumber' in scope ? scope.containerNumber : scope.blNumber;
  const name = number.replace(/[^A-Za-z0-9._-]/g, '_');
  return `scr-evidence-${name}-${brusselsFileTimestamp(at)}.json`;
}
