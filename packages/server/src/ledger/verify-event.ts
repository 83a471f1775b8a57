import { eventHash, parseStatement, statementHash, type Statement } from '@scr/domain';
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

/** Operations the server records and signs itself; the others are signed by the acting organisation. */
const serverSigned = new Set([
  'create',
  'edit',
  'delete',
  'expire',
  'archive',
  'gateOut',
  'terminalCheck',
  'pcsAnswer',
  'portStatus',
  'nextModeOfTransport',
]);

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

/** What one stored statement proves: its signer and the releases and versions it covers. */
interface StatementCheck {
  problem: string | null;
  signer: string | null;
  action: string | null;
  covers: Map<string, number>;
}

/**
 * What checking events needs besides the events: the server's address, and the statements
 * checked so far, so a statement covering many releases is checked once (an ECDSA recovery
 * costs about 1.7 ms).
 */
export class LedgerChecks {
  readonly server: string;
  readonly #statements = new Map<string, StatementCheck>();

  constructor(serverAddress: string) {
    this.server = getAddress(serverAddress);
  }

  statement(event: VerifiableEvent): StatementCheck {
    const known = this.#statements.get(String(event.statement_id));
    if (known) return known;
    const checked = checkStatement(event);
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
 * Why one event of a release's chain does not verify, or null when it does (DESIGN §3: "every
 * hash link and every statement signature"; "An audit-trail row shows whether its event
 * verifies"). `previous` is the event before it in the chain as stored (null for the first):
 * the sequence continues it and `prev_hash` is its hash. Then the event hashes to its stored
 * hash, its statement hashes to the statement's hash, the signature recovers to the recorded
 * signer, the signer is the server for the server's own records or else the acting
 * organisation, and the statement is for this operation and covers this release.
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
  const checked = checks.statement(event);
  if (checked.problem) return checked.problem;
  if (checked.action !== event.operation) {
    return `the statement is for ${checked.action}, not ${event.operation}`;
  }
  const expected = serverSigned.has(event.operation)
    ? checks.server
    : event.source_address && checksum(event.source_address);
  if (checked.signer !== expected) {
    return `signed by ${checked.signer}, not by ${expected ?? 'the acting organisation'}`;
  }
  const coveredVersion = checked.covers.get(releaseAddress);
  if (coveredVersion === undefined || coveredVersion > event.release_version) {
    return 'the statement does not cover this release';
  }
  return null;
}

function checkStatement(event: VerifiableEvent): StatementCheck {
  const failed = (problem: string) => ({ problem, signer: null, action: null, covers: new Map() });
  if (statementHash(event.statement) !== event.statement_hash) {
    return failed('the statement does not match its hash');
  }
  let signer: string;
  try {
    signer = recoverSigner(event.statement_hash, event.statement, event.signature);
  } catch {
    return failed('the signature cannot be read');
  }
  if (signer.toLowerCase() !== String(event.signer_address).toLowerCase()) {
    return failed('the signature was not made by the recorded signer');
  }
  let statement: Statement;
  try {
    statement = parseStatement(event.statement);
  } catch {
    return failed('the statement cannot be read');
  }
  if (String(statement.by).toLowerCase() !== signer.toLowerCase()) {
    return failed('the statement names another signer');
  }
  return {
    problem: null,
    signer,
    action: statement.action,
    covers: new Map(statement.releases.map((r) => [r.address, r.version])),
  };
}
