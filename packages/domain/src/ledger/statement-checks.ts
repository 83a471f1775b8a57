import { getAddress, verifyMessage } from 'ethers';
import { parseStatement, type Statement, type StatementAction } from './statements.ts';
import { statementHash } from './event-hash.ts';

/**
 * Who signs which ledger event (DESIGN §3 "Who signs"), and what one signed statement proves,
 * as pure functions: the standalone evidence verifier (`packages/evidence-verifier`) checks a
 * bundle with them, offline, and the server may check its stored events with them too.
 */

/**
 * Operations the server records and signs itself (creation, edits, deletion, expiry, archiving,
 * the terminal's gate, the PCS's answer, the port's status, the next mode of transport); every
 * other operation is signed by the acting organisation's key.
 */
export const serverSignedOperations: ReadonlySet<string> = new Set<StatementAction>([
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
 * Who must have signed an event's statement: the server for its own records, else the acting
 * organisation (null when the event names none). Addresses in their EIP-55 form.
 */
export function expectedEventSigner(
  operation: string,
  actingAddress: string | null,
  serverAddress: string,
): string | null {
  if (serverSignedOperations.has(operation)) return getAddress(serverAddress);
  return actingAddress ? getAddress(actingAddress) : null;
}

/** A signed statement as stored once in the ledger: its text, signature and recorded signer. */
export interface SignedStatementRecord {
  text: string;
  signature: string;
  signerAddress: string;
}

/** What one signed statement proves, or why it proves nothing (`problem`). */
export interface StatementProof {
  problem: string | null;
  /** The recovered signer (EIP-55), when the statement verifies. */
  signer: string | null;
  statement: Statement | null;
  /** The releases it covers, by address, at the version it saw. */
  covers: Map<string, number>;
}

/**
 * Checks one signed statement: its text hashes to `hash` (what events refer to), the signature
 * (EIP-191 `personal_sign`) recovers to the recorded signer, the text is a canonical statement,
 * and the statement's `by` is its signer. `recover` answers a signature's signer (ethers'
 * `verifyMessage` by default; the server has a faster one).
 */
export function checkSignedStatement(
  signed: SignedStatementRecord,
  hash: string,
  recover: (text: string, signature: string) => string = verifyMessage,
): StatementProof {
  const failed = (problem: string): StatementProof => ({
    problem,
    signer: null,
    statement: null,
    covers: new Map(),
  });
  if (statementHash(signed.text) !== hash) return failed('the statement does not match its hash');
  let signer: string;
  try {
    signer = getAddress(recover(signed.text, signed.signature));
  } catch {
    return failed('the signature cannot be read');
  }
  if (signer.toLowerCase() !== String(signed.signerAddress).toLowerCase()) {
    return failed('the signature was not made by the recorded signer');
  }
  let statement: Statement;
  try {
    statement = parseStatement(signed.text);
  } catch {
    return failed('the statement cannot be read');
  }
  if (String(statement.by).toLowerCase() !== signer.toLowerCase()) {
    return failed('the statement names another signer');
  }
  return {
    problem: null,
    signer,
    statement,
    covers: new Map(statement.releases.map((release) => [release.address, release.version])),
  };
}

/**
 * Why a verified statement does not prove this event, or null when it does: it is for the
 * event's operation, signed by `expectedSigner` (`expectedEventSigner`), and covers the event's
 * release at a version no later than the event's.
 */
export function statementEventProblem(
  proof: StatementProof,
  event: { operation: string; releaseAddress: string; releaseVersion: number },
  expectedSigner: string | null,
): string | null {
  if (proof.problem) return proof.problem;
  const action = proof.statement?.action ?? null;
  if (action !== event.operation) return `the statement is for ${action}, not ${event.operation}`;
  if (proof.signer !== expectedSigner) {
    return `signed by ${proof.signer}, not by ${expectedSigner ?? 'the acting organisation'}`;
  }
  const covered = proof.covers.get(event.releaseAddress);
  if (covered === undefined || covered > event.releaseVersion) {
    return 'the statement does not cover this release';
  }
  return null;
}
