import { pincodeHash } from '@scr/domain';
import { getAddress } from 'ethers';
import type { Knex } from 'knex';
import { ledgerEvents } from './ledger.ts';
import { eventProblem, LedgerChecks, type VerifiableEvent } from './verify-event.ts';

/** The first thing wrong with one release's ledger. */
export interface BrokenLink {
  releaseAddress: string;
  sequence: number | null;
  reason: string;
}

export interface VerifyResult {
  releases: number;
  events: number;
  broken: BrokenLink | null;
}

const batchSize = 500;

/**
 * Walks every release's hash chain and every statement signature (DESIGN §3: "A command verifies
 * the whole ledger offline"). Stops at the first broken link. `serverAddress` is the address the
 * server's own records must be signed by; `onProgress` hears the running counts.
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
  let lastId = 0;
  // A statement covering many releases is checked once.
  const checks = new LedgerChecks(options.serverAddress);
  for (;;) {
    const batch: { id: string; address: string; version: number }[] = await knex('releases')
      .where('id', '>', lastId)
      .modify((query) => {
        if (options.releaseAddresses) query.whereIn('address', options.releaseAddresses);
      })
      .orderBy('id')
      .limit(batchSize)
      .select('id', 'address', 'version');
    if (batch.length === 0) return { releases, events, broken: null };
    lastId = Number(batch.at(-1)!.id);
    const ids = batch.map((release) => release.id);
    const [eventRows, copyRows] = await Promise.all([
      ledgerEvents(knex)
        .leftJoin('organizations as o', 'o.id', 'e.source_organization_id')
        .whereIn('e.release_id', ids)
        .orderBy([{ column: 'e.release_id' }, { column: 'e.sequence' }])
        .select('o.address as source_address'),
      knex('release_pincodes as p')
        .join('organizations as o', 'o.id', 'p.organization_id')
        .whereIn('p.release_id', ids)
        .select('p.release_id', 'p.encrypted_pincode', 'o.address'),
    ]);
    const eventsOf = groupBy(eventRows, (row) => String(row.release_id));
    const copiesOf = groupBy(copyRows, (row) => String(row.release_id));
    for (const release of batch) {
      const chain = eventsOf.get(String(release.id)) ?? [];
      const broken = verifyChain(release, chain, copiesOf.get(String(release.id)) ?? [], checks);
      if (broken) return { releases, events, broken };
      releases += 1;
      events += chain.length;
    }
    options.onProgress?.(releases, events);
  }
}

function verifyChain(
  release: { address: string; version: number },
  chain: VerifiableEvent[],
  copies: { encrypted_pincode: string; address: string }[],
  checks: LedgerChecks,
): BrokenLink | null {
  const broken = (sequence: number | null, reason: string) => ({
    releaseAddress: release.address,
    sequence,
    reason,
  });
  if (chain.length === 0) return broken(null, 'the release has no ledger events');
  let previous: VerifiableEvent | null = null;
  let latestCopies: Record<string, string | null> | null = null;
  for (const event of chain) {
    const problem = eventProblem(event, previous, release.address, checks);
    if (problem) return broken(event.sequence, problem);
    if (event.pincode_copies) latestCopies = event.pincode_copies;
    previous = event;
  }
  if (chain.at(-1)!.release_version !== release.version) {
    return broken(
      null,
      `the release is at version ${release.version}, its ledger at ${chain.at(-1)!.release_version}`,
    );
  }
  const stored = Object.fromEntries(
    copies.map((copy) => [getAddress(copy.address), pincodeHash(copy.encrypted_pincode)]),
  );
  const recorded = Object.fromEntries(
    Object.entries(latestCopies ?? {})
      .filter(([, hash]) => hash !== null)
      .map(([address, hash]) => [getAddress(address), hash]),
  );
  if (JSON.stringify(sortKeys(stored)) !== JSON.stringify(sortKeys(recorded))) {
    return broken(null, 'the stored pincode copies differ from the ledger');
  }
  return null;
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const sortKeys = (record: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
