import {
  checkpointText,
  checkSignedStatement,
  eventHash,
  evidenceBundleSignedText,
  expectedEventSigner,
  LedgerReplayError,
  ledgerLeafHash,
  replayRelease,
  statementEventProblem,
  verifyInclusion,
  type EvidenceBundle,
  type EvidenceEvent,
  type EvidenceOrganization,
  type EvidenceRelease,
  type ProjectableEvent,
  type ReleaseProjection,
  type StatementProof,
} from '@scr/domain';
import { computeAddress, getAddress, verifyMessage } from 'ethers';
import { BundleShapeError, bundleOf } from './bundle-shape.ts';
import { JsonTextError, parseJsonText, utf8Text } from './json-text.ts';

/** What the verifier found: every check held, or the first that failed, where and what. */
export type EvidenceVerdict =
  | {
      verified: true;
      bundle: EvidenceBundle;
      /** Each release's state after its last event (domain `replayRelease`), by address. */
      states: Map<string, ReleaseProjection>;
      counts: { releases: number; events: number; statements: number };
    }
  | {
      verified: false;
      /** Where it failed: `the bundle`, `the checkpoint`, `release 0x…, event 3`… */
      where: string;
      /** What failed there, as a clause. */
      problem: string;
    };

export interface VerifyOptions {
  /**
   * The server's address as the portal publishes it (`GET /api/app-info` `serverAddress`): the
   * bundle must be the server's own. Without it the bundle's own `server.address` is taken.
   */
  serverAddress?: string;
}

/** A failed check, thrown inside and answered as the verdict. */
class Failed extends Error {
  constructor(
    readonly where: string,
    readonly problem: string,
  ) {
    super(`${where}: ${problem}`);
  }
}

/** The verdict's one line: `<where>: <what>`. */
export function verdictLine(verdict: EvidenceVerdict): string {
  return verdict.verified ? 'VERIFIED' : `NOT VERIFIED: ${verdict.where}: ${verdict.problem}`;
}

/**
 * Checks an evidence bundle offline (docs/ledger.md, "Evidence bundles"), in this order, stopping
 * at the first check that fails: the file is UTF-8 JSON of a bundle's shape; the server's public
 * key is its address's; the checkpoint is signed by the server; each organisation's public key is
 * its address's; then for each release, event by event, the sequence, the release it names, the
 * link to the event before it, its hash, its statement (hash, signature, signer, canonical text),
 * that the statement is for this operation, signed by the acting organisation (the server for its
 * own records) and covers the release, a transfer's target, and the inclusion proof into the
 * checkpoint's root; the release is the container and BL its creation recorded, and of the bundle's
 * scope; its events replay (domain `replayRelease`); last, the server's signature of the whole
 * bundle (names, roles, scope, export time).
 */
export function verifyEvidence(
  input: string | Uint8Array,
  options: VerifyOptions = {},
): EvidenceVerdict {
  try {
    return verifyOrThrow(input, options);
  } catch (error) {
    if (error instanceof Failed) {
      return { verified: false, where: error.where, problem: error.problem };
    }
    throw error;
  }
}

function verifyOrThrow(input: string | Uint8Array, options: VerifyOptions): EvidenceVerdict {
  const bundle = readBundle(input);
  const server = serverOf(bundle, options);
  checkCheckpoint(bundle, server);
  const organizations = organizationsOf(bundle);
  const statements = new Map(bundle.statements.map((statement) => [statement.hash, statement]));
  if (statements.size !== bundle.statements.length) {
    throw new Failed('the bundle', 'it lists a statement twice');
  }
  const proofs = new Map<string, StatementProof>();
  const proofOf = (hash: string): StatementProof | null => {
    const known = proofs.get(hash);
    if (known) return known;
    const statement = statements.get(hash);
    if (!statement) return null;
    const proof = checkSignedStatement(statement, hash);
    proofs.set(hash, proof);
    return proof;
  };
  const addresses = new Set<string>();
  const states = new Map<string, ReleaseProjection>();
  let events = 0;
  for (const release of bundle.releases) {
    if (addresses.has(release.address)) {
      throw new Failed(`release ${release.address}`, 'it is in the bundle twice');
    }
    addresses.add(release.address);
    checkChain(bundle, release, server, organizations, proofOf);
    checkRecordedNumbers(bundle, release);
    states.set(release.address, replay(release));
    events += release.events.length;
  }
  checkBundleSignature(bundle, server);
  return {
    verified: true,
    bundle,
    states,
    counts: { releases: bundle.releases.length, events, statements: proofs.size },
  };
}

function readBundle(input: string | Uint8Array): EvidenceBundle {
  try {
    const text = typeof input === 'string' ? input : utf8Text(input);
    return bundleOf(parseJsonText(text));
  } catch (error) {
    if (error instanceof JsonTextError) {
      throw new Failed(
        'the bundle',
        error.reason === 'the file is not UTF-8 text'
          ? `it is not UTF-8 text at byte ${error.byte}`
          : `it is not valid JSON at byte ${error.byte} (${error.reason})`,
      );
    }
    if (error instanceof BundleShapeError) {
      throw new Failed('the bundle', `it is not an evidence bundle: ${error.message}`);
    }
    throw error;
  }
}

/** The server's address (EIP-55), checked against the published one and its public key. */
function serverOf(bundle: EvidenceBundle, options: VerifyOptions): string {
  const server = getAddress(bundle.server.address);
  if (options.serverAddress !== undefined) {
    let expected: string;
    try {
      expected = getAddress(options.serverAddress);
    } catch {
      throw new Failed('the server address given', `${options.serverAddress} is no address`);
    }
    if (expected !== server) {
      throw new Failed('the bundle', `it is the server ${server}'s, not the server ${expected}'s`);
    }
  }
  if (publicKeyAddress(bundle.server.publicKey) !== server) {
    throw new Failed('the bundle', `the server's public key is not the key of ${server}`);
  }
  return server;
}

function publicKeyAddress(publicKey: string): string | null {
  try {
    return computeAddress(publicKey);
  } catch {
    return null;
  }
}

function checkCheckpoint(bundle: EvidenceBundle, server: string): void {
  const { checkpoint } = bundle;
  let text: string;
  try {
    text = checkpointText(checkpoint);
  } catch (error) {
    throw new Failed('the checkpoint', `it is malformed: ${(error as Error).message}`);
  }
  let signer: string;
  try {
    signer = verifyMessage(text, checkpoint.signature);
  } catch {
    throw new Failed('the checkpoint', 'its signature cannot be read');
  }
  if (signer !== server) {
    throw new Failed(
      'the checkpoint',
      `it is not signed by the server ${server} (its signature is ${signer}'s)`,
    );
  }
  if (checkpoint.text !== text) {
    throw new Failed('the checkpoint', 'its text is not the canonical text of its fields');
  }
}

function organizationsOf(bundle: EvidenceBundle): Map<number, EvidenceOrganization> {
  const organizations = new Map<number, EvidenceOrganization>();
  for (const organization of bundle.organizations) {
    const where = `organisation ${organization.id} (${organization.name})`;
    if (organizations.has(organization.id)) throw new Failed(where, 'it is listed twice');
    if (
      organization.publicKey !== null &&
      publicKeyAddress(organization.publicKey) !== getAddress(organization.address)
    ) {
      throw new Failed(where, `its public key is not the key of ${organization.address}`);
    }
    organizations.set(organization.id, organization);
  }
  return organizations;
}

function checkChain(
  bundle: EvidenceBundle,
  release: EvidenceRelease,
  server: string,
  organizations: Map<number, EvidenceOrganization>,
  proofOf: (hash: string) => StatementProof | null,
): void {
  let previous: EvidenceEvent | null = null;
  release.events.forEach((event, i) => {
    const fail = (problem: string): never => {
      throw new Failed(`release ${release.address}, event ${event.content.sequence}`, problem);
    };
    const { content } = event;
    if (content.sequence !== i + 1) {
      throw new Failed(
        `release ${release.address}, event ${i + 1}`,
        `expected event ${i + 1}, found event ${content.sequence}`,
      );
    }
    if (content.releaseAddress !== release.address) fail('the event names another release');
    if (content.prevHash !== (previous?.hash ?? null)) {
      fail('the link to the previous event is broken');
    }
    if (eventHash(content) !== event.hash) fail('the event does not hash to its stored hash');
    const proof = proofOf(content.statementHash);
    if (!proof) fail(`its statement ${content.statementHash} is not in the bundle`);
    const source = content.record.sourceOrganizationId;
    const acting = source === null ? null : organizations.get(source);
    if (source !== null && !acting) fail(`its organisation ${source} is not in the bundle`);
    const problem = statementEventProblem(
      proof!,
      content,
      expectedEventSigner(content.operation, acting?.address ?? null, server),
    );
    if (problem) fail(problem);
    const target = content.record.targetOrganizationId;
    const to = proof!.statement?.to;
    if (content.operation === 'transfer') {
      const receiver = target === null ? null : organizations.get(target);
      if (!receiver) fail(`its target organisation ${target} is not in the bundle`);
      if (!to || getAddress(to) !== getAddress(receiver!.address)) {
        fail(`the statement transfers to ${to ?? 'no one'}, not to ${receiver!.address}`);
      }
    }
    const { checkpoint } = bundle;
    if (event.leafIndex >= checkpoint.treeSize) {
      fail(`its leaf ${event.leafIndex} is not in the checkpoint of ${checkpoint.treeSize} events`);
    }
    const included = verifyInclusion(
      ledgerLeafHash(event.hash),
      event.leafIndex,
      checkpoint.treeSize,
      event.inclusionProof,
      checkpoint.rootHash,
    );
    if (!included) fail("its inclusion proof does not lead to the checkpoint's root");
    previous = event;
  });
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The release's container and BL numbers are the ones its creation recorded (bound by the
 * create event's hash and the server's statement), and the ones the bundle is for.
 */
function checkRecordedNumbers(bundle: EvidenceBundle, release: EvidenceRelease): void {
  const where = `release ${release.address}`;
  const created = record(release.events[0]!.content.record.description);
  const containerNumber = record(created.container).containerNumber;
  const blNumber = record(created.billOfLading).blNumber;
  if (typeof containerNumber === 'string' && containerNumber !== release.containerNumber) {
    throw new Failed(
      where,
      `its container number ${release.containerNumber} is not the ${containerNumber} its creation recorded`,
    );
  }
  if (typeof blNumber === 'string' && blNumber !== release.blNumber) {
    throw new Failed(
      where,
      `its BL number ${release.blNumber} is not the ${blNumber} its creation recorded`,
    );
  }
  const { scope } = bundle;
  if ('containerNumber' in scope && scope.containerNumber !== release.containerNumber) {
    throw new Failed(where, `it is not of the container ${scope.containerNumber}`);
  }
  if ('blNumber' in scope && scope.blNumber.toUpperCase() !== release.blNumber.toUpperCase()) {
    throw new Failed(where, `it is not of the BL ${scope.blNumber}`);
  }
}

/** An event as domain replay reads it. */
export function projectable(event: EvidenceEvent): ProjectableEvent {
  const { content } = event;
  return {
    sequence: content.sequence,
    operation: content.operation,
    releaseVersion: content.releaseVersion,
    sourceOrganizationId: content.record.sourceOrganizationId,
    targetOrganizationId: content.record.targetOrganizationId,
    description: content.record.description ?? null,
    createdAt: content.record.createdAt,
    pincodeCopies: content.pincodeCopies ?? null,
  };
}

function replay(release: EvidenceRelease): ReleaseProjection {
  try {
    return replayRelease(release.events.map(projectable));
  } catch (error) {
    if (error instanceof LedgerReplayError) {
      throw new Failed(
        `release ${release.address}, event ${error.sequence}`,
        `the events cannot be replayed: ${error.message}`,
      );
    }
    throw error;
  }
}

function checkBundleSignature(bundle: EvidenceBundle, server: string): void {
  let signer: string | null;
  try {
    signer = verifyMessage(evidenceBundleSignedText(bundle), bundle.signature);
  } catch {
    signer = null;
  }
  if (signer !== server) {
    throw new Failed(
      'the bundle',
      `it is not signed by the server ${server} as a whole: a field outside the events, statements and checkpoint (an organisation's name or role, the scope, the export) was changed`,
    );
  }
}
