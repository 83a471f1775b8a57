import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  consistencyProofRanges,
  eventHash,
  ledgerLeafHash,
  MerkleFrontier,
  signedCheckpointProblem,
  verifyConsistency,
  type SignedCheckpoint,
} from '@scr/domain';
import type { Knex } from 'knex';
import { checkpointOfRow, latestCheckpointRow } from './ledger-log.ts';
import { storedSubtreeHashes, StoredTreeError } from './ledger-tree.ts';
import { storedEventContent, type StoredEventRow } from './ledger.ts';

/**
 * A checkpoint someone kept (`npm run ledger -- keep`, a `checkpoint` webhook, the API's answer):
 * at least its size and root; its signature and text when it came signed.
 */
export interface KeptCheckpoint {
  treeSize: number;
  rootHash: string;
  time?: string;
  server?: string;
  signature?: string;
  text?: string;
}

/** What kind of failure: each names what was found, and where. */
export type ExtendsProblem =
  /** A kept checkpoint is malformed or not the server's. */
  | 'kept-checkpoint'
  /** The portal's latest checkpoint is missing, not the server's, or older than the kept one. */
  | 'latest-checkpoint'
  /** The portal holds a checkpoint of the kept size with another root: it was signed again. */
  | 'resigned'
  /** A position of the log is missing, or names an event the ledger no longer holds. */
  | 'lost'
  /** An event's stored columns do not hash to its stored hash. */
  | 'event-hash'
  /** The log's events do not make a kept (or the latest) checkpoint's root. */
  | 'rewritten'
  /** An event is in the log twice, or a settled event is not in it. */
  | 'coverage'
  /** The stored leaves or nodes, which proofs are made of, are not the events'. */
  | 'stored-tree';

export interface ExtendsResult {
  /** Events recomputed from their rows (up to the latest checkpoint's size, or where it broke). */
  events: number;
  /** The portal's latest signed checkpoint, when it has one. */
  latest: SignedCheckpoint | null;
  broken: { problem: ExtendsProblem; reason: string } | null;
}

/** Log positions read per query. */
const chunk = 2_000;

type LogRow = StoredEventRow & {
  index: string;
  event_id: string;
  leaf_hash: string;
  id: string | null;
  hash: string | null;
};

/**
 * Proves the ledger extends what was kept (docs/ledger.md "Proving extension"): that the tree of
 * each kept checkpoint's size, recomputed from the stored event rows' own `hash` columns in log
 * order (read in chunks, memory flat; never from the stored leaf hashes or nodes, which whoever
 * rewrites the ledger rewrites too), has the kept root; that each of those events hashes to its
 * `hash`; that the log covers each event once; that the latest checkpoint is the server's, holds
 * the log's events and is consistent with the kept one; and that the stored tree the proofs are
 * made of agrees. Stops at the first failure and names it.
 *
 * `serverAddress` is the server's address (the kept checkpoint's by default). Several kept
 * checkpoints (a keep file) narrow a rewrite down to the events between the last that holds and
 * the first that does not.
 */
export async function verifyExtends(
  knex: Knex,
  kept: KeptCheckpoint | readonly KeptCheckpoint[],
  options: {
    serverAddress?: string;
    onProgress?: (events: number) => void;
  } = {},
): Promise<ExtendsResult> {
  const keptList = [...(Array.isArray(kept) ? kept : [kept])].sort(
    (a, b) => a.treeSize - b.treeSize,
  );
  const target = keptList.at(-1);
  let events = 0;
  let latest: SignedCheckpoint | null = null;
  const fail = (problem: ExtendsProblem, reason: string): ExtendsResult => ({
    events,
    latest,
    broken: { problem, reason },
  });
  if (!target) return fail('kept-checkpoint', 'no kept checkpoint was given');
  const server = options.serverAddress ?? target.server;
  for (const one of keptList) {
    const problem = keptProblem(one, server);
    if (problem) return fail('kept-checkpoint', `the kept checkpoint ${one.treeSize} ${problem}`);
  }

  const latestRow = await latestCheckpointRow(knex);
  latest = latestRow ? checkpointOfRow(latestRow) : null;
  if (!latest) return fail('latest-checkpoint', 'the portal has no signed checkpoint');
  if (server) {
    const problem = signedCheckpointProblem(latest, server);
    if (problem) return fail('latest-checkpoint', `the latest checkpoint ${problem}`);
  }
  if (latest.treeSize < target.treeSize) {
    return fail(
      'latest-checkpoint',
      `the latest checkpoint holds ${latest.treeSize} events, fewer than the kept checkpoint ${target.treeSize}: checkpoints were removed`,
    );
  }
  for (const one of keptList) {
    const stored = await knex('ledger_checkpoints').where({ tree_size: one.treeSize }).first();
    if (stored && String(stored.root_hash).toLowerCase() !== one.rootHash.toLowerCase()) {
      return fail(
        'resigned',
        `the portal's checkpoint ${one.treeSize} has the root ${stored.root_hash}, the kept one ${one.rootHash}: the ledger was rewritten and signed again`,
      );
    }
  }

  // The tree, recomputed from the events' own hashes in log order.
  const checks = [...keptList, latest];
  let nextCheck = 0;
  let lastHeld = 0;
  const frontier = new MerkleFrontier();
  /** The first log position whose stored leaf is not its event's: where a rewrite is. */
  let staleLeaf: { index: number; event: string } | null = null;
  while (frontier.size < latest.treeSize) {
    const from = frontier.size;
    const rows: LogRow[] = await knex('ledger_log as l')
      .leftJoin('release_events as e', 'e.id', 'l.event_id')
      .leftJoin('ledger_statements as s', 's.id', 'e.statement_id')
      .where('l.index', '>=', from)
      .where('l.index', '<', Math.min(from + chunk, latest.treeSize))
      .orderBy('l.index')
      .select('l.index', 'l.event_id', 'l.leaf_hash', 'e.*', 's.hash as statement_hash');
    if (rows.length === 0) {
      return fail(
        'lost',
        `the log lost events: it holds ${from}, the latest checkpoint ${latest.treeSize}`,
      );
    }
    for (const row of rows) {
      const index = frontier.size;
      if (Number(row.index) !== index) {
        return fail('lost', `the log lost events: its position ${index} is missing`);
      }
      if (row.id === null || row.hash === null) {
        return fail(
          'lost',
          `the log lost events: its position ${index} names event ${row.event_id}, which the ledger no longer holds`,
        );
      }
      if (eventHash(storedEventContent(row)) !== row.hash) {
        return fail('event-hash', `${eventName(row)} does not hash to its stored hash`);
      }
      const leaf = ledgerLeafHash(row.hash);
      if (leaf !== row.leaf_hash && !staleLeaf) staleLeaf = { index, event: eventName(row) };
      frontier.append(leaf);
      events += 1;
      while (nextCheck < checks.length && checks[nextCheck]!.treeSize === frontier.size) {
        const check = checks[nextCheck]!;
        if (frontier.root() !== check.rootHash.toLowerCase()) {
          return fail('rewritten', rewriteReason(check, check === latest, lastHeld, staleLeaf));
        }
        lastHeld = check.treeSize;
        nextCheck += 1;
      }
    }
    options.onProgress?.(events);
    await yieldToLoop();
  }
  // A kept checkpoint of no events (or the empty latest one) is checked here.
  while (nextCheck < checks.length) {
    const check = checks[nextCheck]!;
    if (frontier.root() !== check.rootHash.toLowerCase()) {
      return fail('rewritten', rewriteReason(check, check === latest, lastHeld, staleLeaf));
    }
    nextCheck += 1;
  }
  if (staleLeaf) {
    return fail(
      'stored-tree',
      `the log's stored leaf at position ${staleLeaf.index} is not the hash of ${staleLeaf.event}: proofs made from it fail`,
    );
  }

  const coverage = await coverageProblem(knex);
  if (coverage) return fail('coverage', coverage);

  // The stored tree the portal answers proofs from agrees with the events.
  try {
    const proof = await storedSubtreeHashes(
      knex,
      consistencyProofRanges(target.treeSize, latest.treeSize),
    );
    if (
      !verifyConsistency(target.treeSize, target.rootHash, latest.treeSize, latest.rootHash, proof)
    ) {
      return fail(
        'stored-tree',
        `the stored tree's consistency proof from checkpoint ${target.treeSize} to ${latest.treeSize} does not verify: its stored hashes were changed`,
      );
    }
  } catch (error) {
    if (!(error instanceof StoredTreeError)) throw error;
    return fail('stored-tree', `${error.message}: proofs cannot be made`);
  }
  return { events, latest, broken: null };
}

/** What is wrong with a kept checkpoint, or null. */
function keptProblem(kept: KeptCheckpoint, server: string | undefined): string | null {
  if (!Number.isSafeInteger(kept.treeSize) || kept.treeSize < 0) return 'has no whole tree size';
  if (typeof kept.rootHash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(kept.rootHash)) {
    return 'has no root hash';
  }
  // A bare size and root (written down by hand) is taken as it is.
  if (kept.signature === undefined) return null;
  if (!server) return 'names no server to check its signature against';
  return signedCheckpointProblem(kept, server);
}

/** The event a log row names, as a person reads it. */
function eventName(row: LogRow): string {
  return `event ${row.id} (release ${row.release_address}, sequence ${row.sequence})`;
}

/** Why the events no longer make a checkpoint's root, as closely as it can be said. */
function rewriteReason(
  check: KeptCheckpoint,
  isLatest: boolean,
  lastHeld: number,
  staleLeaf: { index: number; event: string } | null,
): string {
  const which = isLatest
    ? `the latest checkpoint ${check.treeSize}`
    : `checkpoint ${check.treeSize}`;
  if (staleLeaf && staleLeaf.index < check.treeSize) {
    return `${staleLeaf.event} is not the one ${which} holds at position ${staleLeaf.index}`;
  }
  const range =
    lastHeld > 0
      ? `the log's events from position ${lastHeld} to ${check.treeSize - 1} (checkpoint ${lastHeld} still holds)`
      : `the log's first ${check.treeSize} events`;
  return `${range} are not those ${which} holds: an event among them was rewritten, removed or moved`;
}

/** An event in the log twice, or one settled (every id up to the state's) and not in it. */
async function coverageProblem(knex: Knex): Promise<string | null> {
  const twice = await knex('ledger_log')
    .groupBy('event_id')
    .havingRaw('count(*) > 1')
    .first('event_id', knex.raw('count(*)::int as times'));
  if (twice) return `event ${twice.event_id} is in the log ${twice.times} times`;
  const state = await knex('ledger_log_state').where({ id: 1 }).first('settled_event_id');
  const missing = await knex('release_events as e')
    .where('e.id', '<=', state?.settled_event_id ?? 0)
    .whereNotExists((q) => q.select(1).from('ledger_log as l').whereRaw('l.event_id = e.id'))
    .first('e.id', 'e.release_address', 'e.sequence');
  if (missing) {
    return `event ${missing.id} (release ${missing.release_address}, sequence ${missing.sequence}) is not in the log`;
  }
  return null;
}
