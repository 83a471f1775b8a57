import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  buildStatement,
  eventHash,
  statementHash,
  statementText,
  type LedgerEventContent,
  type Statement,
  type StatementAction,
} from '@scr/domain';
import type { Knex } from 'knex';
import { insertJsonRows } from '../kit/insert-json-rows.ts';
import { insertUnnest, type UnnestColumn } from '../kit/insert-unnest.ts';
import { assertRowsAreProjection } from './projection-rows.ts';
import { rememberSigner } from './signer-memo.ts';
import { enqueueWebhookEvents } from '../webhooks/enqueue-webhook-events.ts';
import type { ServerKey } from './server-key.ts';

/** A statement as recorded once in `ledger_statements`: what events refer to. */
export interface RecordedStatement {
  id: string;
  hash: string;
}

/** One event to append to a release's hash chain (DESIGN §3 "custody ledger"). */
export interface LedgerEventInput {
  /** The release after the change: its id, address and new version. */
  release: { id: number | string; address: string; version: number };
  operation: StatementAction;
  /** The statement the event refers to, as `recordStatement(s)` answered it. */
  statement: RecordedStatement;
  sourceOrganizationId: number | null;
  targetOrganizationId?: number | null;
  userId?: number | null;
  /** Who acted: `user:<id>`, `api-key:<id>` or `system`. */
  actor: string;
  /** What the audit trail shows (never a pincode). */
  description?: Record<string, unknown> | null;
  /** Hashes of the pincode copies after the event, when it changed them. */
  pincodeCopies?: Record<string, string | null>;
  /**
   * Organisations this event took out of the release's chain (a revoke's later parties): not
   * hashed (the chain rows say it), but told of it like the chain (webhooks).
   */
  formerPartyIds?: readonly number[];
}

/**
 * The columns of `release_events` that `eventHash` binds, as stored, with its statement's hash
 * (`ledgerEvents` joins it).
 */
export interface StoredEventRow {
  release_address: string;
  sequence: number;
  operation: string;
  release_version: number;
  statement_hash: string;
  prev_hash: string | null;
  pincode_copies: Record<string, string | null> | null;
  actor: string;
  user_id: number | null;
  source_organization_id: number | null;
  target_organization_id: number | null;
  description: unknown;
  created_at: Date | string;
}

/** What an event row hashes to: the chain verifies from stored columns alone. */
export function storedEventContent(row: StoredEventRow): LedgerEventContent {
  return {
    releaseAddress: row.release_address,
    sequence: row.sequence,
    operation: row.operation,
    releaseVersion: row.release_version,
    statementHash: row.statement_hash,
    prevHash: row.prev_hash,
    ...(row.pincode_copies ? { pincodeCopies: row.pincode_copies } : {}),
    record: {
      actor: row.actor,
      userId: row.user_id,
      sourceOrganizationId: row.source_organization_id,
      targetOrganizationId: row.target_organization_id,
      description: row.description ?? null,
      createdAt: new Date(row.created_at).toISOString(),
    },
  };
}

/**
 * Events with their statements (`statement`, `signature`, `signer_address`, `statement_hash`),
 * as verification, the audit trail and tests read them. Alias `e` is the event.
 */
export function ledgerEvents(db: Knex | Knex.Transaction) {
  return db('release_events as e')
    .join('ledger_statements as s', 's.id', 'e.statement_id')
    .select('e.*', 's.statement', 's.signature', 's.signer_address', 's.hash as statement_hash');
}

/** A signed statement to record once (DESIGN §3). */
export interface SignedStatement {
  statement: string;
  signature: string;
  signerAddress: string;
}

const insertChunk = 500;
/**
 * Events hashed between two turns of the event loop: an event's hash costs about 0.05 ms, a
 * 10,000-release action's 500 ms or more, which must not hold the loop (docs/production.md, "Heavy work and its budgets").
 */
export const hashPiece = 200;

/** `items.map(map)`, `size` items at a time, letting the event loop turn between pieces. */
export async function inPieces<T, U>(items: readonly T[], size: number, map: (item: T) => U) {
  const mapped: U[] = [];
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await yieldToLoop();
    for (const item of items.slice(i, i + size)) mapped.push(map(item));
  }
  return mapped;
}

/**
 * Records a signed statement and answers its id and hash; null when the very same text was
 * recorded before (a replay, for custody actions). `hash`, when given, is the statement's
 * `statementHash`, computed already (in the hash workers, for a large one).
 */
export async function recordStatement(
  trx: Knex.Transaction,
  signed: SignedStatement & { action: string; hash?: string },
): Promise<RecordedStatement | null> {
  const hash = signed.hash ?? statementHash(signed.statement);
  const [row] = await trx('ledger_statements')
    .insert(statementRow(hash, signed))
    .onConflict('hash')
    .ignore()
    .returning(['id', 'hash']);
  if (!row) return null;
  // The signer is known here (the command recovered it): a trail read next skips the recovery.
  rememberSigner(hash, signed.signature, signed.signerAddress);
  return { id: String(row.id), hash };
}

/**
 * Records many statements, each distinct text once (one recorded before is reused), in chunks,
 * and answers each one's id and hash in the order given. `known` are their `statementHash`es,
 * when computed already.
 */
export async function recordStatements(
  trx: Knex.Transaction,
  signed: readonly (SignedStatement & { action: string })[],
  known?: readonly string[],
): Promise<RecordedStatement[]> {
  const hashes = known ? [...known] : signed.map((item) => statementHash(item.statement));
  const distinct = new Map<string, SignedStatement & { action: string }>();
  hashes.forEach((hash, i) => distinct.set(hash, signed[i]!));
  const ids = new Map<string, string>();
  const inserted = await insertJsonRows<{ id: string; hash: string }>(
    trx,
    'ledger_statements',
    [...distinct].map(([hash, item]) => statementRow(hash, item)),
    'on conflict (hash) do nothing returning id, hash',
  );
  for (const row of inserted) ids.set(row.hash, String(row.id));
  // Those recorded before: their ids.
  const before = [...distinct.keys()].filter((hash) => !ids.has(hash));
  for (let i = 0; i < before.length; i += insertChunk) {
    const rows = await trx('ledger_statements')
      .whereIn('hash', before.slice(i, i + insertChunk))
      .select('id', 'hash');
    for (const row of rows) ids.set(row.hash, String(row.id));
  }
  // The signer of each is known here (the server signed it): trails read next skip the recovery.
  for (const [hash, item] of distinct) rememberSigner(hash, item.signature, item.signerAddress);
  return hashes.map((hash) => ({ id: ids.get(hash)!, hash }));
}

function statementRow(hash: string, signed: SignedStatement & { action: string }) {
  return {
    hash,
    action: signed.action,
    statement: signed.statement,
    signature: signed.signature,
    signer_address: signed.signerAddress,
  };
}

/**
 * Appends one event: locks the release's last event, takes the next sequence, links to the
 * last hash and stores its own. The caller holds the release row lock in the same `trx`.
 */
export async function appendEvent(trx: Knex.Transaction, input: LedgerEventInput) {
  const [appended] = await appendEvents(trx, [input]);
  return appended!;
}

/** How `appendEvents` appends. */
export interface AppendOptions {
  /**
   * False for the scheduled jobs (expiry, archiving): their change is one column of releases
   * found by date, and a release whose rows differ from its ledger for another reason must not
   * stop the job for every other release of its batch; `verify-ledger` names such a release.
   * Commands always check (the default).
   */
  checkProjection?: boolean;
}

/** The columns `appendEvents` writes, with their types. */
const eventColumns: UnnestColumn[] = [
  ['release_id', 'bigint'],
  ['release_address', 'text'],
  ['sequence', 'integer'],
  ['operation', 'text'],
  ['source_organization_id', 'integer'],
  ['target_organization_id', 'integer'],
  ['user_id', 'integer'],
  ['actor', 'text'],
  ['description', 'jsonb'],
  ['statement_id', 'bigint'],
  ['prev_hash', 'text'],
  ['hash', 'text'],
  ['release_version', 'integer'],
  ['pincode_copies', 'jsonb'],
  ['created_at', 'timestamptz'],
];

/**
 * Appends events for many releases (several per release in the order given) with one lookup of
 * the last events, locked, and chunked inserts. Creation is each release's first event. Each
 * event refers to a statement recorded before (`recordStatement(s)`); none is written here.
 */
export async function appendEvents(
  trx: Knex.Transaction,
  inputs: readonly LedgerEventInput[],
  options: AppendOptions = {},
) {
  const releaseIds = [...new Set(inputs.map((input) => String(input.release.id)))];
  const last = new Map<string, { sequence: number; hash: string }>();
  for (let i = 0; i < releaseIds.length; i += insertChunk) {
    const ids = releaseIds.slice(i, i + insertChunk);
    const rows = await trx('release_events as e')
      .whereIn('e.release_id', ids)
      .whereRaw(
        'e.sequence = (select max(m.sequence) from release_events m where m.release_id = e.release_id)',
      )
      .forUpdate()
      .select('e.release_id', 'e.sequence', 'e.hash');
    for (const row of rows)
      last.set(String(row.release_id), { sequence: row.sequence, hash: row.hash });
  }
  // One time for the batch, set here rather than by the database so the hash can bind it.
  const createdAt = new Date().toISOString();
  const rows = await inPieces(inputs, hashPiece, (input) => {
    const key = String(input.release.id);
    const content = eventContent(input, last.get(key) ?? null, createdAt);
    const hash = eventHash(content);
    last.set(key, { sequence: content.sequence, hash });
    return eventRow(input, content, hash);
  });
  return writeEvents(trx, inputs, rows, releaseIds, options);
}

/** What an event binds (domain `eventHash`), after `previous`, its release's last event. */
export function eventContent(
  input: Omit<LedgerEventInput, 'statement'> & { statement: { hash: string } },
  previous: { sequence: number; hash: string } | null,
  createdAt: string,
): LedgerEventContent {
  return {
    releaseAddress: input.release.address,
    sequence: (previous?.sequence ?? 0) + 1,
    operation: input.operation,
    releaseVersion: input.release.version,
    statementHash: input.statement.hash,
    prevHash: previous?.hash ?? null,
    ...(input.pincodeCopies ? { pincodeCopies: input.pincodeCopies } : {}),
    record: {
      actor: input.actor,
      userId: input.userId ?? null,
      sourceOrganizationId: input.sourceOrganizationId,
      targetOrganizationId: input.targetOrganizationId ?? null,
      description: input.description ?? null,
      createdAt,
    },
  };
}

/** The `release_events` row of an event, its content hashed to `hash`. */
export function eventRow(input: LedgerEventInput, content: LedgerEventContent, hash: string) {
  return {
    release_id: input.release.id,
    release_address: content.releaseAddress,
    sequence: content.sequence,
    operation: content.operation,
    source_organization_id: input.sourceOrganizationId,
    target_organization_id: input.targetOrganizationId ?? null,
    user_id: input.userId ?? null,
    actor: input.actor,
    description: input.description ? JSON.stringify(input.description) : null,
    statement_id: input.statement.id,
    prev_hash: content.prevHash,
    hash,
    release_version: content.releaseVersion,
    pincode_copies: input.pincodeCopies ? JSON.stringify(input.pincodeCopies) : null,
    created_at: content.record.createdAt,
  };
}

/**
 * Writes hashed events (`eventRow`), checks the rows the command wrote against them and queues
 * their webhooks, in the command's transaction.
 */
export async function writeEvents(
  trx: Knex.Transaction,
  inputs: readonly LedgerEventInput[],
  rows: readonly ReturnType<typeof eventRow>[],
  releaseIds: readonly string[],
  options: AppendOptions = {},
) {
  await insertUnnest(trx, 'release_events', eventColumns, rows);
  // The rows the command wrote must be what the ledger now says (docs/ledger.md).
  if (options.checkProjection !== false) await assertRowsAreProjection(trx, releaseIds);
  await yieldToLoop();
  // Every release change passes here: its webhooks are queued in the same transaction.
  await enqueueWebhookEvents(
    trx,
    rows.map((row, i) => ({ ...row, formerPartyIds: inputs[i]!.formerPartyIds ?? [] })),
  );
  return rows.map((row) => ({ releaseId: row.release_id, sequence: row.sequence, hash: row.hash }));
}

/**
 * A statement the server records and signs itself (creation, edits, deletion, expiry,
 * archiving): `by` is the server's address.
 */
export function serverStatement(
  key: ServerKey,
  fields: Omit<Statement, 'v' | 'by' | 'at'> & { at?: string },
): SignedStatement {
  const statement = serverStatementText(key, fields);
  return { statement, signature: key.sign(statement), signerAddress: key.address };
}

/** The text of a server statement (`serverStatement`), to be signed. */
export function serverStatementText(
  key: Pick<ServerKey, 'address'>,
  fields: Omit<Statement, 'v' | 'by' | 'at'> & { at?: string },
): string {
  return statementText(
    buildStatement({ ...fields, at: fields.at ?? new Date().toISOString(), by: key.address }),
  );
}

/** One change the server records for itself: a one-release statement and its event. */
export interface ServerEventInput extends Omit<LedgerEventInput, 'statement' | 'description'> {
  /** The pincode hash the statement binds for the release (null: none, or not bound). */
  pincodeHash: string | null;
  /** The statement's details, which are also what the audit trail shows. */
  details: Record<string, unknown>;
}

/** Signs each change's one-release statement with the server's key (`serverStatement`). */
export function signServerEvents(
  serverKey: ServerKey,
  inputs: readonly ServerEventInput[],
): (ServerEventInput & { signed: SignedStatement })[] {
  return inputs.map((input) => ({
    ...input,
    signed: serverStatement(serverKey, {
      action: input.operation,
      releases: [
        {
          address: input.release.address,
          version: input.release.version,
          pincodeHash: input.pincodeHash,
        },
      ],
      details: input.details,
    }),
  }));
}

/**
 * The server-signed event block of create, edit, delete, expire and archive: the signed
 * statements (`signServerEvents`, or creation's, signed before its transaction) recorded once
 * (`recordStatements`), and each release's event referring to its statement (`appendEvents`).
 */
export async function appendServerEvents(
  trx: Knex.Transaction,
  inputs: readonly (ServerEventInput & { signed: SignedStatement })[],
  options: AppendOptions = {},
) {
  const recorded = await recordStatements(
    trx,
    inputs.map((input) => ({ ...input.signed, action: input.operation })),
  );
  return appendEvents(
    trx,
    inputs.map(({ pincodeHash: _hash, details, signed: _signed, ...input }, i) => ({
      ...input,
      statement: recorded[i]!,
      description: details,
    })),
    options,
  );
}
