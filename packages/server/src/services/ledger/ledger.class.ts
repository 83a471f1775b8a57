import type { Id, Params } from '@feathersjs/feathers';
import {
  auditTrailReach,
  consistencyProofRanges,
  inclusionProofRanges,
  isMerkleHash,
  ledgerLeafHash,
  type ConsistencyProofAnswer,
  type InclusionProofAnswer,
  type SignedCheckpoint,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { checkpointOfRow, latestCheckpointRow } from '../../ledger/ledger-log.ts';
import { storedSubtreeHashes } from '../../ledger/ledger-tree.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import { trailReadableBy } from '../../releases/terminal-releases.ts';

/** A tree size as a query or an id carries it: digits only, at most a safe integer. */
export function parseTreeSize(value: unknown): number {
  const text = String(value ?? '');
  const size = /^(0|[1-9]\d{0,15})$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(size)) throw appError('ledger_tree_size_invalid');
  return size;
}

/** The signed checkpoint of this size, or of the latest when `size` is null; 404 when none. */
async function checkpointOf(db: Knex, size: number | null): Promise<SignedCheckpoint> {
  const row =
    size === null
      ? await latestCheckpointRow(db)
      : await db('ledger_checkpoints').where({ tree_size: size }).first();
  if (!row) throw appError('ledger_checkpoint_not_found');
  return checkpointOfRow(row);
}

/**
 * `ledger/checkpoints` (docs/ledger.md): `get('latest')` or `get(treeSize)` answers a signed
 * checkpoint, to anyone (a checkpoint says how many events the ledger holds and commits to them,
 * nothing more); `create` runs the sequencer now and answers the latest checkpoint, signed by
 * this run when the log grew (people and systems of any organisation, within a budget).
 */
export class LedgerCheckpointsService {
  constructor(private readonly app: Application) {}

  async get(id: Id): Promise<SignedCheckpoint> {
    const size = String(id) === 'latest' ? null : parseTreeSize(id);
    return checkpointOf(this.app.get('knex'), size);
  }

  async create(_data: Record<string, never>): Promise<SignedCheckpoint> {
    await this.app.get('ledgerSequencer')?.runNowOrAfter();
    return checkpointOf(this.app.get('knex'), null);
  }
}

/**
 * `ledger/proofs/inclusion` find (`?event=…&treeSize=…`): the audit path of one event in a
 * signed tree. Only an event of a release the caller may see (DESIGN §3 "Tenancy", as the
 * audit trail: an active party of its chain, or a terminal for the releases at its own
 * terminals); any other is not found.
 */
export class LedgerInclusionProofsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<InclusionProofAnswer> {
    const actor = releaseActorOf(params);
    const query = (params.query ?? {}) as { event?: string; treeSize?: string };
    if (!isMerkleHash(query.event)) throw appError('ledger_event_invalid');
    const eventHash = query.event.toLowerCase();
    const size = query.treeSize === undefined ? null : parseTreeSize(query.treeSize);
    const db = this.app.get('knex');
    const leafHash = ledgerLeafHash(eventHash);
    // By its leaf (indexed); the event row's own hash must be the one asked for.
    const logged = await db('ledger_log as l')
      .join('release_events as e', 'e.id', 'l.event_id')
      .where('l.leaf_hash', leafHash)
      .where('e.hash', eventHash)
      .where(
        trailReadableBy(
          db,
          actor.organizationId,
          auditTrailReach(actor.organizationRole),
          'e.release_id',
        ),
      )
      .first('l.index');
    // Another organisation's event, an unknown hash and an event not logged yet alike.
    if (!logged) throw appError('not_found', { message: notLoggedMessage });
    const checkpoint = await checkpointOf(db, size);
    const leafIndex = Number(logged.index);
    if (leafIndex >= checkpoint.treeSize) throw appError('ledger_event_not_in_checkpoint');
    const proof = await storedSubtreeHashes(
      db,
      inclusionProofRanges(leafIndex, checkpoint.treeSize),
    );
    return { eventHash, leafHash, leafIndex, treeSize: checkpoint.treeSize, proof, checkpoint };
  }
}

const notLoggedMessage =
  'No event of a release you may see has this hash in the ledger’s log. A new event is logged within a minute, or at once by POST /api/ledger/checkpoints.';

/**
 * `ledger/proofs/consistency` find (`?from=…&to=…`): the proof that the signed tree of `to`
 * (the latest by default) extends the tree of `from` leaves, to anyone who keeps a checkpoint.
 */
export class LedgerConsistencyProofsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<ConsistencyProofAnswer> {
    const query = (params.query ?? {}) as { from?: string; to?: string };
    const from = parseTreeSize(query.from);
    const to = query.to === undefined ? null : parseTreeSize(query.to);
    if (to !== null && from > to) throw appError('ledger_range_invalid');
    const db = this.app.get('knex');
    const checkpoint = await checkpointOf(db, to);
    if (from > checkpoint.treeSize) throw appError('ledger_range_invalid');
    const proof = await storedSubtreeHashes(db, consistencyProofRanges(from, checkpoint.treeSize));
    return { from, to: checkpoint.treeSize, proof, checkpoint };
  }
}
