import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { ProjectionDifference } from '@scr/domain';
import type { Knex } from 'knex';
import { anyOf } from '../kit/any-of.ts';
import { chainsOf } from '../kit/chains-of.ts';
import type { DbRow } from '../kit/db-row.ts';
import { projectableEvent, projectionProblem, storedReleaseStates } from './projection-rows.ts';
import { eventProblem, LedgerChecks, type VerifiableEvent } from './verify-event.ts';

/** The first thing wrong with one release's ledger. */
export interface BrokenLink {
  releaseAddress: string;
  sequence: number | null;
  reason: string;
  /** When the stored rows differ from the replayed ledger: each field, stored and replayed. */
  differences?: ProjectionDifference[];
}

export interface VerifyResult {
  releases: number;
  events: number;
  broken: BrokenLink | null;
}

/** Releases read and checked at a time: memory stays flat however large the ledger. */
const batchSize = 500;

/** One batch as read: its releases, their events in sequence, their stored rows. */
interface Batch {
  releases: { id: string; address: string }[];
  events: Map<string, VerifiableEvent[]>;
  states: Awaited<ReturnType<typeof storedReleaseStates>>;
}

/**
 * Walks every release's hash chain and every statement signature (docs/ledger.md), and replays
 * each release's events into its state (domain `replayRelease`), which must be every stored
 * field of its rows. Stops at the first broken release. Streams in batches of releases by id,
 * the next batch read while this one is checked. `serverAddress` is the address the server's
 * own records must be signed by; `onProgress` hears the running counts.
 */
export async function verifyLedger(
  knex: Knex,
  options: {
    serverAddress: string;
    /** Only these releases (the command's --release, or a test's own). */
    releaseAddresses?: readonly string[];
    onProgress?: (releases: number, events: number) => void;
  },
): Promise<VerifyResult> {
  let releases = 0;
  let events = 0;
  // A statement covering many releases is read and checked once.
  const checks = new LedgerChecks(options.serverAddress);
  const statements = new StatementTexts(knex, checks);
  let next = readBatch(knex, 0, options.releaseAddresses);
  for (;;) {
    const batch = await next;
    if (batch.releases.length === 0) return { releases, events, broken: null };
    next = readBatch(knex, Number(batch.releases.at(-1)!.id), options.releaseAddresses);
    // Keep the prefetch from failing unobserved when this batch stops the walk.
    next.catch(() => {});
    checks.trim();
    await statements.load(batch.events);
    for (const [i, release] of batch.releases.entries()) {
      if (i > 0 && i % 100 === 0) await yieldToLoop();
      const chain = batch.events.get(release.id) ?? [];
      statements.attach(chain);
      const broken = verifyRelease(release, chain, batch.states, checks);
      if (broken) return { releases, events, broken };
      releases += 1;
      events += chain.length;
    }
    options.onProgress?.(releases, events);
  }
}

/** The event columns verification reads (the statement's text comes from `StatementTexts`). */
const eventColumns = [
  'e.id',
  'e.release_id',
  'e.release_address',
  'e.sequence',
  'e.operation',
  'e.release_version',
  'e.statement_id',
  'e.prev_hash',
  'e.hash',
  'e.pincode_copies',
  'e.actor',
  'e.user_id',
  'e.source_organization_id',
  'e.target_organization_id',
  'e.description',
  'e.created_at',
];

async function readBatch(
  knex: Knex,
  afterId: number,
  only: readonly string[] | undefined,
): Promise<Batch> {
  const releases: { id: string; address: string }[] = await knex('releases')
    .where('id', '>', afterId)
    .modify((query) => {
      if (only) query.whereIn('address', only);
    })
    .orderBy('id')
    .limit(batchSize)
    .select('id', 'address');
  if (releases.length === 0) return { releases, events: new Map(), states: new Map() };
  const ids = releases.map((release) => String(release.id));
  const [rows, states] = await Promise.all([
    knex('release_events as e')
      .join('ledger_statements as s', 's.id', 'e.statement_id')
      .leftJoin('organizations as o', 'o.id', 'e.source_organization_id')
      .whereRaw(...anyOf('e.release_id', ids, 'bigint'))
      .orderBy([{ column: 'e.release_id' }, { column: 'e.sequence' }])
      .select(
        ...eventColumns,
        's.hash as statement_hash',
        's.signer_address',
        'o.address as source_address',
      ),
    storedReleaseStates(knex, ids),
  ]);
  const events = chainsOf(rows as DbRow[], (row) => row as VerifiableEvent);
  return {
    releases: releases.map((r) => ({ id: String(r.id), address: r.address })),
    events,
    states,
  };
}

/**
 * The texts and signatures of statements, read once each by id: a transfer of 1,000 releases
 * is one statement that its 1,000 events share, which a join would send 1,000 times.
 */
class StatementTexts {
  readonly #texts = new Map<string, { statement: string; signature: string }>();

  constructor(
    private readonly knex: Knex,
    private readonly checks: LedgerChecks,
  ) {}

  async load(events: Map<string, VerifiableEvent[]>) {
    const missing = new Set<string>();
    for (const chain of events.values()) {
      for (const event of chain) {
        const id = String(event.statement_id);
        if (!this.#texts.has(id) && !this.checks.knows(event)) missing.add(id);
      }
    }
    if (this.#texts.size > 20_000) this.#texts.clear();
    const ids = [...missing];
    for (let i = 0; i < ids.length; i += 1000) {
      const rows: DbRow[] = await this.knex('ledger_statements')
        .whereRaw(...anyOf('id', ids.slice(i, i + 1000), 'bigint'))
        .select('id', 'statement', 'signature');
      for (const row of rows) {
        this.#texts.set(String(row.id), { statement: row.statement, signature: row.signature });
      }
    }
  }

  attach(chain: VerifiableEvent[]) {
    for (const event of chain) {
      const text = this.#texts.get(String(event.statement_id));
      if (text) Object.assign(event, text);
    }
  }
}

function verifyRelease(
  release: { id: string; address: string },
  chain: VerifiableEvent[],
  states: Batch['states'],
  checks: LedgerChecks,
): BrokenLink | null {
  const broken = (sequence: number | null, reason: string) => ({
    releaseAddress: release.address,
    sequence,
    reason,
  });
  if (chain.length === 0) return broken(null, 'the release has no ledger events');
  let previous: VerifiableEvent | null = null;
  for (const event of chain) {
    const problem = eventProblem(event, previous, release.address, checks);
    if (problem) return broken(event.sequence, problem);
    previous = event;
  }
  const problem = projectionProblem(states.get(release.id), chain.map(projectableEvent));
  if (!problem) return null;
  return {
    ...broken(problem.sequence, problem.reason),
    ...(problem.differences ? { differences: problem.differences } : {}),
  };
}
