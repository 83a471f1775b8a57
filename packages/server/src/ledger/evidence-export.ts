import {
  evidenceBundleKind,
  evidenceBundleSignedText,
  evidenceBundleVersion,
  inclusionProofRanges,
  type EvidenceBundle,
  type EvidenceOrganization,
  type EvidenceRelease,
  type EvidenceScope,
  type EvidenceStatement,
  type LeafRange,
} from '@scr/domain';
import { getAddress, hashMessage, SigningKey } from 'ethers';
import type { Knex } from 'knex';
import { anyOf } from '../kit/any-of.ts';
import type { DbRow } from '../kit/db-row.ts';
import { trailReadableBy } from '../releases/terminal-releases.ts';
import { storedEventContent, type StoredEventRow } from './ledger.ts';
import { checkpointOfRow, latestCheckpointRow } from './ledger-log.ts';
import { storedSubtreeHashes } from './ledger-tree.ts';
import type { ServerKey } from './server-key.ts';

/**
 * An evidence bundle (docs/ledger.md, "Evidence bundles"; domain `evidence-bundle.ts`) of the
 * releases of one container or one BL that an organisation may read the audit trail of (DESIGN §3
 * "Tenancy", as `readAuditTrail`: an active party of the release's chain, and for a terminal
 * organisation also the secure pick-up releases at its own terminals): every event as stored with
 * its hash, leaf index and inclusion proof into the latest signed checkpoint, each statement once,
 * the organisations of the events with their public keys, signed by the server as a whole. Events
 * not logged yet are logged first (`logNow`, the sequencer the on-demand checkpoint runs).
 */

type Db = Knex | Knex.Transaction;

export interface EvidenceExportOptions {
  organizationId: number;
  /** Domain `auditTrailReach`. */
  reach: 'chain' | 'chainAndOwnTerminals';
  scope: EvidenceScope;
  serverKey: ServerKey;
  /** At most this many releases; more answers `too_many`. */
  maxReleases: number;
  /** Runs the ledger's sequencer now; answers whether it ran. */
  logNow: () => Promise<boolean>;
  now?: Date;
}

/** The bundle, or why there is none: no release the caller may read, too many, not logged. */
export type EvidenceExport =
  { bundle: EvidenceBundle } | { refused: 'not_found' | 'too_many' | 'not_logged' };

/** How many ids a query binds at once (`any(array)`). */
const chunk = 1000;

export async function exportEvidence(
  db: Db,
  options: EvidenceExportOptions,
): Promise<EvidenceExport> {
  const releases = await visibleReleases(db, options);
  if (releases.length === 0) return { refused: 'not_found' };
  if (releases.length > options.maxReleases) return { refused: 'too_many' };
  const releaseIds = releases.map((release) => String(release.id));
  const events = await eventsOf(db, releaseIds);
  let logged = await coverage(db, events, releaseIds);
  if (!logged) {
    await options.logNow();
    logged = await coverage(db, events, releaseIds);
    if (!logged) return { refused: 'not_logged' };
  }
  const { checkpoint, leaves } = logged;
  const ranges = events.map((event) =>
    inclusionProofRanges(leaves.get(String(event.id))!, checkpoint.treeSize),
  );
  const hashes = await storedSubtreeHashes(db, ranges.flat() as LeafRange[]);
  const statements = await statementsOf(db, [...new Set(events.map((e) => e.statement_id))]);
  const organizations = await organizationsOf(db, events, options.organizationId, statements);
  const exporter = organizations.get(options.organizationId)!;

  const byRelease = new Map<string, EvidenceRelease['events']>();
  let next = 0;
  events.forEach((event, i) => {
    const proof = hashes.slice(next, next + ranges[i]!.length);
    next += ranges[i]!.length;
    const list = byRelease.get(String(event.release_id)) ?? [];
    list.push({
      content: storedEventContent(event),
      hash: event.hash,
      leafIndex: leaves.get(String(event.id))!,
      inclusionProof: proof,
    });
    byRelease.set(String(event.release_id), list);
  });
  const unsigned: Omit<EvidenceBundle, 'signature'> = {
    kind: evidenceBundleKind,
    v: evidenceBundleVersion,
    scope: options.scope,
    exportedAt: (options.now ?? new Date()).toISOString(),
    exportedBy: {
      organizationId: exporter.id,
      name: exporter.name,
      address: exporter.address,
    },
    server: {
      address: options.serverKey.address,
      publicKey: recoveredKey(checkpoint.text, checkpoint.signature),
    },
    checkpoint,
    organizations: [...organizations.values()]
      .filter((organization) => organization.involved)
      .map(({ involved: _involved, ...organization }) => organization),
    statements: [...statements.values()],
    releases: releases.map((release) => ({
      address: release.address,
      blNumber: release.bl_number,
      containerNumber: release.container_number,
      events: byRelease.get(String(release.id)) ?? [],
    })),
  };
  const signature = options.serverKey.sign(evidenceBundleSignedText(unsigned));
  return { bundle: { ...unsigned, signature } };
}

/** The releases of the scope the organisation may read the trail of, by container number. */
function visibleReleases(db: Db, options: EvidenceExportOptions): Promise<DbRow[]> {
  const { scope, organizationId } = options;
  return db('releases as r')
    .where((matching) => {
      if ('containerNumber' in scope) {
        matching.whereRaw('upper(r.container_number) = ?', [scope.containerNumber.toUpperCase()]);
      } else {
        matching.whereIn(
          'r.bill_of_lading_id',
          db('bills_of_lading')
            .whereRaw('upper(bl_number) = ?', [scope.blNumber.toUpperCase()])
            .select('id'),
        );
      }
    })
    .where(trailReadableBy(db, organizationId, options.reach))
    .orderBy([{ column: 'r.container_number' }, { column: 'r.id' }])
    .limit(options.maxReleases + 1)
    .select('r.id', 'r.address', 'r.bl_number', 'r.container_number');
}

type EventRow = StoredEventRow & DbRow & { id: string; hash: string; statement_id: string };

/** The releases' events by release and sequence, with their statements' hashes. */
async function eventsOf(db: Db, releaseIds: readonly string[]): Promise<EventRow[]> {
  const rows: EventRow[] = [];
  for (let i = 0; i < releaseIds.length; i += chunk) {
    rows.push(
      ...(await db('release_events as e')
        .join('ledger_statements as s', 's.id', 'e.statement_id')
        .whereRaw(...anyOf('e.release_id', releaseIds.slice(i, i + chunk), 'bigint'))
        .orderBy([{ column: 'e.release_id' }, { column: 'e.sequence' }])
        .select('e.*', 's.hash as statement_hash')),
    );
  }
  const order = new Map(releaseIds.map((id, i) => [id, i]));
  return rows.sort(
    (a, b) =>
      order.get(String(a.release_id))! - order.get(String(b.release_id))! ||
      a.sequence - b.sequence,
  );
}

/**
 * The latest signed checkpoint and each event's leaf index, when every event is a leaf of it;
 * null when one is not logged yet or logged after the checkpoint.
 */
async function coverage(db: Db, events: readonly EventRow[], releaseIds: readonly string[]) {
  const leaves = new Map<string, number>();
  for (let i = 0; i < releaseIds.length; i += chunk) {
    const rows: { event_id: string; index: string }[] = await db('ledger_log as l')
      .join('release_events as e', 'e.id', 'l.event_id')
      .whereRaw(...anyOf('e.release_id', releaseIds.slice(i, i + chunk), 'bigint'))
      .select('l.event_id', 'l.index');
    for (const row of rows) leaves.set(String(row.event_id), Number(row.index));
  }
  const row = await latestCheckpointRow(db);
  if (!row) return null;
  const checkpoint = checkpointOfRow(row);
  const covered = events.every((event) => {
    const leaf = leaves.get(String(event.id));
    return leaf !== undefined && leaf < checkpoint.treeSize;
  });
  return covered ? { checkpoint, leaves } : null;
}

async function statementsOf(db: Db, ids: readonly string[]) {
  const statements = new Map<string, EvidenceStatement>();
  for (let i = 0; i < ids.length; i += chunk) {
    const rows: DbRow[] = await db('ledger_statements')
      .whereRaw(...anyOf('id', ids.slice(i, i + chunk), 'bigint'))
      .orderBy('id')
      .select('hash', 'statement', 'signature', 'signer_address');
    for (const row of rows) {
      statements.set(row.hash, {
        hash: row.hash,
        text: row.statement,
        signature: row.signature,
        signerAddress: row.signer_address,
      });
    }
  }
  return statements;
}

/**
 * The organisations the events name (acting and target) and the exporter, each with its public
 * key recovered from the shortest of its signatures in the bundle. `involved`: named by an event.
 */
async function organizationsOf(
  db: Db,
  events: readonly EventRow[],
  exporterId: number,
  statements: ReadonlyMap<string, EvidenceStatement>,
) {
  const involved = new Set<number>();
  for (const event of events) {
    if (event.source_organization_id !== null) involved.add(event.source_organization_id);
    if (event.target_organization_id !== null) involved.add(event.target_organization_id);
  }
  const rows: DbRow[] = await db('organizations')
    .whereIn('id', [...new Set([...involved, exporterId])])
    .orderBy('id')
    .select('id', 'name', 'role', 'address');
  const signed = new Map<string, EvidenceStatement>();
  for (const statement of statements.values()) {
    const signer = statement.signerAddress.toLowerCase();
    const known = signed.get(signer);
    if (!known || statement.text.length < known.text.length) signed.set(signer, statement);
  }
  const organizations = new Map<number, EvidenceOrganization & { involved: boolean }>();
  for (const row of rows) {
    const statement = signed.get(String(row.address).toLowerCase());
    organizations.set(row.id, {
      id: row.id,
      name: row.name,
      role: row.role,
      address: getAddress(row.address),
      publicKey: statement ? recoveredKey(statement.text, statement.signature) : null,
      publicKeyFrom: statement ? statement.hash : null,
      involved: involved.has(row.id),
    });
  }
  return organizations;
}

/** The uncompressed secp256k1 public key an EIP-191 signature of `text` recovers to. */
function recoveredKey(text: string, signature: string): string {
  return SigningKey.recoverPublicKey(hashMessage(text), signature);
}
