import {
  checkSignedStatement,
  eventHash,
  serverSignedOperations,
  statementEventProblem,
  type StatementProof,
} from '@scr/domain';
import { getAddress } from 'ethers';
import { storedEventContent, type StoredEventRow } from './ledger.ts';
import { recoverSigner } from './signer-memo.ts';

/** `getAddress` of the few addresses a walk meets (organisations, the server), once each. */
const checksummed = new Map<string, string>();
function checksum(address: string): string {
  let known = checksummed.get(address);
  if (known === undefined) {
    known = getAddress(address);
    if (checksummed.size > 10_000) checksummed.clear();
    checksummed.set(address, known);
  }
  return known;
}

/**
 * An event as verification reads it: its stored columns and hash, its statement (text,
 * signature, signer) and the address of the organisation that acted, if any.
 */
export type VerifiableEvent = StoredEventRow & {
  hash: string;
  statement_id: string | number;
  statement: string;
  signature: string;
  signer_address: string;
  source_address: string | null;
};

/**
 * What checking events needs besides the events: the server's address, and the statements
 * checked so far, so a statement covering many releases is checked once.
 */
export class LedgerChecks {
  readonly server: string;
  readonly #statements = new Map<string, StatementProof>();

  constructor(serverAddress: string) {
    this.server = getAddress(serverAddress);
  }

  /**
   * What the event's statement proves (domain `checkSignedStatement`), recovered once per
   * statement and signature (`signer-memo.ts`).
   */
  statement(event: VerifiableEvent): StatementProof {
    const known = this.#statements.get(String(event.statement_id));
    if (known) return known;
    const checked = checkSignedStatement(
      { text: event.statement, signature: event.signature, signerAddress: event.signer_address },
      event.statement_hash,
      (text, signature) => recoverSigner(event.statement_hash, text, signature),
    );
    this.#statements.set(String(event.statement_id), checked);
    return checked;
  }

  /** Whether this event's statement was checked already (its text is not needed again). */
  knows(event: Pick<VerifiableEvent, 'statement_id'>): boolean {
    return this.#statements.has(String(event.statement_id));
  }

  /** Forgets the statements checked so far once there are many (between batches of a walk). */
  trim(max = 10_000): void {
    if (this.#statements.size > max) this.#statements.clear();
  }
}

/**
 * Why one event of a release's chain does not verify, or null when it does (docs/ledger.md).
 * `previous` is the event before it in the chain as stored (null for the first): the sequence
 * continues it and `prev_hash` is its hash. Then the event hashes to its stored hash, and its
 * statement proves it (domain `statementEventProblem`): the statement hashes to its hash, the
 * signature recovers to the recorded signer, who is the server for the server's own records
 * (domain `serverSignedOperations`) or else the acting organisation, and the statement is for
 * this operation and covers this release.
 */
export function eventProblem(
  event: VerifiableEvent,
  previous: { sequence: number; hash: string } | null,
  releaseAddress: string,
  checks: LedgerChecks,
): string | null {
  const expectedSequence = (previous?.sequence ?? 0) + 1;
  if (event.sequence !== expectedSequence) return `expected event ${expectedSequence}`;
  if (event.release_address !== releaseAddress) return 'the event names another release';
  if (event.prev_hash !== (previous?.hash ?? null)) {
    return 'the link to the previous event is broken';
  }
  if (eventHash(storedEventContent(event)) !== event.hash) {
    return 'the event does not hash to its stored hash';
  }
  const expected = serverSignedOperations.has(event.operation)
    ? checks.server
    : event.source_address && checksum(event.source_address);
  return statementEventProblem(
    checks.statement(event),
    { operation: event.operation, releaseAddress, releaseVersion: event.release_version },
    expected || null,
  );
}
