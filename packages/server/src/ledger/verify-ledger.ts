import { eventHash, parseStatement, pincodeHash, statementHash, type Statement } from '@scr/domain';
import { getAddress, verifyMessage } from 'ethers';
import type { Knex } from 'knex';
import { ledgerEvents, storedEventContent, type StoredEventRow } from '../releases/ledger.ts';

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

/** Operations the server records and signs itself; the others are signed by the acting organisation. */
const serverSigned = new Set(['create', 'edit', 'delete', 'expire', 'archive', 'gateOut']);

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
  const server = getAddress(options.serverAddress);
  let releases = 0;
  let events = 0;
  let lastId = 0;
  // A statement covering many releases is checked once.
  const statements = new StatementChecks();
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
      const broken = verifyChain(
        release,
        chain,
        copiesOf.get(String(release.id)) ?? [],
        server,
        statements,
      );
      if (broken) return { releases, events, broken };
      releases += 1;
      events += chain.length;
    }
    options.onProgress?.(releases, events);
  }
}

type EventRow = StoredEventRow & {
  hash: string;
  statement_id: string;
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

/** Checks each statement once (its hash, its signature, its text) and remembers the answer. */
class StatementChecks {
  readonly #checked = new Map<string, StatementCheck>();

  check(row: EventRow): StatementCheck {
    const known = this.#checked.get(String(row.statement_id));
    if (known) return known;
    const checked = checkStatement(row);
    if (this.#checked.size > 10_000) this.#checked.clear();
    this.#checked.set(String(row.statement_id), checked);
    return checked;
  }
}

function checkStatement(row: EventRow): StatementCheck {
  const failed = (problem: string) => ({ problem, signer: null, action: null, covers: new Map() });
  if (statementHash(row.statement) !== row.statement_hash) {
    return failed('the statement does not match its hash');
  }
  let signer: string;
  try {
    signer = verifyMessage(row.statement, row.signature);
  } catch {
    return failed('the signature cannot be read');
  }
  if (signer !== getAddress(row.signer_address)) {
    return failed('the signature was not made by the recorded signer');
  }
  let statement: Statement;
  try {
    statement = parseStatement(row.statement);
  } catch {
    return failed('the statement cannot be read');
  }
  if (getAddress(statement.by) !== signer) return failed('the statement names another signer');
  return {
    problem: null,
    signer,
    action: statement.action,
    covers: new Map(statement.releases.map((r) => [r.address, r.version])),
  };
}

function verifyChain(
  release: { address: string; version: number },
  chain: EventRow[],
  copies: { encrypted_pincode: string; address: string }[],
  server: string,
  statements: StatementChecks,
): BrokenLink | null {
  const broken = (sequence: number | null, reason: string) => ({
    releaseAddress: release.address,
    sequence,
    reason,
  });
  if (chain.length === 0) return broken(null, 'the release has no ledger events');
  let prevHash: string | null = null;
  let latestCopies: Record<string, string | null> | null = null;
  for (const [index, row] of chain.entries()) {
    if (row.sequence !== index + 1) return broken(row.sequence, `expected event ${index + 1}`);
    if (row.release_address !== release.address) {
      return broken(row.sequence, 'the event names another release');
    }
    if (row.prev_hash !== prevHash)
      return broken(row.sequence, 'the link to the previous event is broken');
    if (eventHash(storedEventContent(row)) !== row.hash) {
      return broken(row.sequence, 'the event does not hash to its stored hash');
    }
    const checked = statements.check(row);
    if (checked.problem) return broken(row.sequence, checked.problem);
    const signer = checked.signer!;
    if (checked.action !== row.operation) {
      return broken(row.sequence, `the statement is for ${checked.action}, not ${row.operation}`);
    }
    const expected = serverSigned.has(row.operation)
      ? server
      : row.source_address && getAddress(row.source_address);
    if (signer !== expected) {
      return broken(
        row.sequence,
        `signed by ${signer}, not by ${expected ?? 'the acting organisation'}`,
      );
    }
    const coveredVersion = checked.covers.get(release.address);
    if (coveredVersion === undefined || coveredVersion > row.release_version) {
      return broken(row.sequence, 'the statement does not cover this release');
    }
    if (row.pincode_copies) latestCopies = row.pincode_copies;
    prevHash = row.hash;
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
