import { keccak256 } from 'ethers';
import { utf8Bytes } from './utf8.ts';
import { canonicalJson } from './canonical-json.ts';

/** What a ledger event binds together; its hash links it to the previous one of its release. */
export interface LedgerEventContent {
  releaseAddress: string;
  sequence: number;
  operation: string;
  releaseVersion: number;
  /**
   * keccak-256 of the signed statement's text (`statementHash`): the statement itself, its
   * signature and signer are stored once in `ledger_statements`, however many releases it covers.
   */
  statementHash: string;
  /** The previous event's hash, null for the first event (creation). */
  prevHash: string | null;
  /** The release's pincode copies after this event, as hashes per organisation address. */
  pincodeCopies?: Record<string, string | null>;
  /**
   * What the audit trail shows of the event, bound too, so that no stored byte of an event can
   * change unnoticed: who acted (`user:<id>`, `api-key:<id>`, `system`), for and towards which
   * organisations, the description, and when.
   */
  record: {
    actor: string;
    userId: number | null;
    sourceOrganizationId: number | null;
    targetOrganizationId: number | null;
    description: unknown;
    createdAt: string;
  };
}

/** keccak-256 of a statement's exact text: how events and the replay guard refer to it. */
export function statementHash(statement: string): string {
  return keccak256(utf8Bytes(statement));
}

/** The hash of an event: keccak-256 of its canonical JSON (DESIGN §3 "custody ledger"). */
export function eventHash(event: LedgerEventContent): string {
  return keccak256(utf8Bytes(canonicalJson(event)));
}
