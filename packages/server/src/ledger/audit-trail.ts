import {
  inclusionProofRanges,
  ledgerLeafHash,
  signedCheckpointProblem,
  verifyInclusion,
  type AuditTrailEntry,
  type SignedCheckpoint,
} from '@scr/domain';
import type { Knex } from 'knex';
import { chainsOf } from '../kit/chains-of.ts';
import type { DbRow } from '../kit/db-row.ts';
import { normaliseReleaseAddress } from '../releases/release-address.ts';
import { trailReadableBy } from '../releases/terminal-releases.ts';
import { checkpointOfRow, latestCheckpointRow } from './ledger-log.ts';
import { StoredTreeError, storedSubtreeHashes } from './ledger-tree.ts';
import { projectableEvent, projectionProblem, storedReleaseStates } from './projection-rows.ts';
import { eventProblem, LedgerChecks, type VerifiableEvent } from './verify-event.ts';

/** One release of the trail, as the caller's organisation may see it. */
interface TrailRelease {
  id: string;
  address: string;
  bl_number: string;
  container_number: string;
}

/**
 * The audit trails of some releases (releases spec §3 "Audit trail entry", §7 `audit-trail`):
 * every event of each release's chain, from sequence 1, with the names of the acting user and
 * the organisations, and whether each event verifies (DESIGN §3) by the checks of
 * `verify-ledger`. Only releases in which the organisation holds an active party row count
 * (DESIGN §3 "Tenancy"), and for a terminal organisation (`reach`) also the secure pick-up
 * releases at its own terminals; the others, and anything that is no release address, are
 * left out.
 * Releases come in the order asked, each by sequence. A handful of queries whatever the count:
 * the releases, their events, and each distinct statement once.
 */
export async function readAuditTrail(
  db: Knex | Knex.Transaction,
  options: {
    organizationId: number;
    releaseAddresses: readonly string[];
    serverAddress: string;
    /** Domain `auditTrailReach`: a terminal also reads the releases at the terminals it owns. */
    reach?: 'chain' | 'chainAndOwnTerminals';
  },
): Promise<AuditTrailEntry[]> {
  const asked = [
    ...new Set(options.releaseAddresses.flatMap((value) => normaliseReleaseAddress(value) ?? [])),
  ];
  if (asked.length === 0) return [];
  const releases: TrailRelease[] = await db('releases as r')
    .whereIn('r.address', asked)
    .where(trailReadableBy(db, options.organizationId, options.reach))
    .select('r.id', 'r.address', 'r.bl_number', 'r.container_number');
  if (releases.length === 0) return [];
  const ids = releases.map((release) => String(release.id));
  const events = await eventsOf(db, ids);
  const states = await storedReleaseStates(db, ids);
  const proven = await inclusionProblems(db, [...events.values()].flat(), options.serverAddress);
  const byAddress = new Map(releases.map((release) => [release.address, release]));
  const checks = new LedgerChecks(options.serverAddress);
  return asked.flatMap((address) => {
    const release = byAddress.get(address);
    if (!release) return [];
    const chain = events.get(String(release.id)) ?? [];
    const problems = trailProblems(release, chain, states.get(String(release.id)), checks);
    const names = chainNames(chain);
    return chain.map((event, i) => {
      const inclusion = proven.get(String(event.id));
      const problem = problems[i] ?? inclusion?.problem ?? null;
      return {
        ...presentEntry(release, event, problem, names),
        checkpointTreeSize: inclusion && !inclusion.problem ? inclusion.treeSize : null,
      };
    });
  });
}

/**
 * The inclusion of each event that the latest signed checkpoint covers, checked as anyone
 * holding the checkpoint would: its signature the server's, and the event's own hash leading
 * by its audit path (from the stored tree, one read for all of them) to the signed root. An
 * event not logged yet, or logged after the checkpoint, is absent (not yet proven, not wrong).
 */
async function inclusionProblems(
  db: Knex | Knex.Transaction,
  events: readonly (VerifiableEvent & DbRow)[],
  serverAddress: string,
): Promise<Map<string, { treeSize: number; problem: string | null }>> {
  const proven = new Map<string, { treeSize: number; problem: string | null }>();
  if (events.length === 0) return proven;
  const row = await latestCheckpointRow(db);
  if (!row) return proven;
  const checkpoint: SignedCheckpoint = checkpointOfRow(row);
  const logged: DbRow[] = await db('ledger_log')
    .whereIn(
      'event_id',
      events.map((event) => event.id),
    )
    .where('index', '<', checkpoint.treeSize)
    .select('event_id', 'index');
  if (logged.length === 0) return proven;
  const signed = signedCheckpointProblem(checkpoint, serverAddress);
  const byId = new Map(events.map((event) => [String(event.id), event]));
  const ranges = logged.map((entry) =>
    inclusionProofRanges(Number(entry.index), checkpoint.treeSize),
  );
  let hashes: string[];
  try {
    hashes = await storedSubtreeHashes(db, ranges.flat());
  } catch (error) {
    if (!(error instanceof StoredTreeError)) throw error;
    for (const entry of logged) {
      proven.set(String(entry.event_id), {
        treeSize: checkpoint.treeSize,
        problem: `the ledger's tree cannot prove the event: ${error.message}`,
      });
    }
    return proven;
  }
  let at = 0;
  logged.forEach((entry, i) => {
    const proof = hashes.slice(at, at + ranges[i]!.length);
    at += ranges[i]!.length;
    const event = byId.get(String(entry.event_id))!;
    const included =
      !signed &&
      verifyInclusion(
        ledgerLeafHash(event.hash),
        Number(entry.index),
        checkpoint.treeSize,
        proof,
        checkpoint.rootHash,
      );
    proven.set(String(entry.event_id), {
      treeSize: checkpoint.treeSize,
      problem: signed
        ? `the latest checkpoint ${signed}`
        : included
          ? null
          : `the event is not in the signed checkpoint of ${checkpoint.treeSize} events as the ledger's tree holds it`,
    });
  });
  return proven;
}

/**
 * Why each event of a trail does not verify (null where it does), by the checks `verify-ledger`
 * makes (docs/ledger.md): its hash link and statement signature (`eventProblem`), then the
 * replay of the chain (domain `replayRelease`): an event the state before it cannot take is
 * not verified, nor is anything after it; and when the replayed state is not what the rows
 * hold, the last event says which fields differ.
 */
function trailProblems(
  release: TrailRelease,
  chain: VerifiableEvent[],
  stored: Parameters<typeof projectionProblem>[0],
  checks: LedgerChecks,
): (string | null)[] {
  let previous: VerifiableEvent | null = null;
  const problems = chain.map((event) => {
    const problem = eventProblem(event, previous, release.address, checks);
    previous = event;
    return problem;
  });
  if (chain.length === 0) return problems;
  const replay = projectionProblem(stored, chain.map(projectableEvent));
  if (!replay) return problems;
  const from =
    replay.sequence === null
      ? chain.length - 1
      : chain.findIndex((e) => e.sequence === replay.sequence);
  for (let i = Math.max(from, 0); i < chain.length; i++) problems[i] ??= replay.reason;
  return problems;
}

/**
 * The events of these releases by release id, in sequence, with names. A statement shared by
 * many events (one transfer of 500 releases) is read once and its text shared, rather than
 * joined onto each event as `ledgerEvents` does.
 */
async function eventsOf(
  db: Knex | Knex.Transaction,
  releaseIds: readonly string[],
): Promise<Map<string, (VerifiableEvent & DbRow)[]>> {
  const rows: DbRow[] = await db('release_events as e')
    .join('ledger_statements as s', 's.id', 'e.statement_id')
    .leftJoin('organizations as so', 'so.id', 'e.source_organization_id')
    .leftJoin('organizations as ot', 'ot.id', 'e.target_organization_id')
    .leftJoin('users as u', 'u.id', 'e.user_id')
    // A system's events name the API key that called (DESIGN §3 "Who signs").
    .leftJoin('api_keys as k', db.raw(`e.actor = 'api-key:' || k.id`))
    .whereIn('e.release_id', releaseIds)
    .orderBy([{ column: 'e.release_id' }, { column: 'e.sequence' }])
    .select(
      'e.*',
      's.hash as statement_hash',
      's.signer_address',
      'so.address as source_address',
      'so.name as source_name',
      'ot.address as target_address',
      'ot.name as target_name',
      'u.first_name',
      'u.last_name',
      'k.name as api_key_name',
    );
  const statementIds = [...new Set(rows.map((row) => String(row.statement_id)))];
  const statements = new Map<string, { statement: string; signature: string }>();
  for (let i = 0; i < statementIds.length; i += 1000) {
    const found: DbRow[] = await db('ledger_statements')
      .whereIn('id', statementIds.slice(i, i + 1000))
      .select('id', 'statement', 'signature');
    for (const row of found) {
      statements.set(String(row.id), { statement: row.statement, signature: row.signature });
    }
  }
  return chainsOf(
    rows,
    (row) => ({ ...row, ...statements.get(String(row.statement_id)) }) as VerifiableEvent & DbRow,
  );
}

/**
 * Issue 15: the names of the organisations of one release's chain by address (lower case), the
 * acting and target organisations of its events. The trail names them already, so naming an
 * address of theirs in a description (the creator, a transfer's target) reveals nothing more.
 */
function chainNames(chain: readonly DbRow[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const event of chain) {
    if (event.source_address && event.source_name)
      names.set(String(event.source_address).toLowerCase(), event.source_name);
    if (event.target_address && event.target_name)
      names.set(String(event.target_address).toLowerCase(), event.target_name);
  }
  return names;
}

/** The chain's organisations named by address in a description (any depth). */
function namesIn(description: unknown, names: Map<string, string>): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      const name = names.get(value.toLowerCase());
      if (name) found[value] = name;
    } else if (value && typeof value === 'object') {
      for (const member of Object.values(value)) visit(member);
    }
  };
  visit(description);
  return found;
}

function presentEntry(
  release: TrailRelease,
  event: VerifiableEvent & DbRow,
  problem: string | null,
  names: Map<string, string>,
): AuditTrailEntry {
  return {
    id: String(event.id),
    releaseAddress: release.address,
    blNumber: release.bl_number,
    containerNumber: release.container_number,
    operation: event.operation,
    operationAt: new Date(event.created_at).toISOString(),
    source: sourceOf(event.actor),
    sourceOrganizationName: event.source_name ?? null,
    targetOrganizationName: event.target_name ?? null,
    firstName: event.first_name ?? null,
    lastName: event.last_name ?? null,
    apiKeyName: event.api_key_name ?? null,
    description: event.description ?? null,
    addressNames: namesIn(event.description, names),
    sequence: event.sequence,
    hash: event.hash,
    signerAddress: event.signer_address,
    verified: problem === null,
    verifyProblem: problem,
  };
}

/** The ledger's actor label (`user:<id>`, `api-key:<id>`, `system`) as the trail names it. */
function sourceOf(actor: string): AuditTrailEntry['source'] {
  if (actor.startsWith('user:')) return 'user';
  if (actor.startsWith('api-key:')) return 'apiKey';
  return 'system';
}
