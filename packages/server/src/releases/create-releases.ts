import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { pincodeHash, todayInBrussels, type IsoDate, type ReleaseInputSource } from '@scr/domain';
import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.ts';
import { insertJsonRows } from '../kit/insert-json-rows.ts';
import { appendFirstEvents, hashFirstEvents } from '../ledger/first-events.ts';
import { serverStatementText, type SignedStatement } from '../ledger/ledger.ts';
import type { FieldErrors } from './field-errors.ts';
import { partyCopies } from './party-copies.ts';
import {
  prepareReleases,
  type CreateReleaseInput,
  type PreparedRelease,
} from './prepare-releases.ts';
import { actorDetails, type ReleaseActor } from './release-actor.ts';
import { nonceBytes, releaseAddressOf } from './release-address.ts';
import type { ServerKey } from '../ledger/server-key.ts';

const blColumns = {
  portOfLoading: 'port_of_loading',
  portOfDestination: 'port_of_destination',
  vessel: 'vessel',
  agent: 'agent',
  stayNumber: 'stay_number',
  lloydsNumber: 'lloyds_number',
  voyageNumber: 'voyage_number',
} as const;

/** A promise awaited later: its failure meanwhile is not unhandled (it is thrown where awaited). */
function later<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}

/** Drops undefined members, so a statement carries only what was set (in the members' order). */
function defined(value: object): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== undefined) kept[key] = member;
  return kept;
}

/** A checked release with its address and its signed `create` statement. */
export interface PlannedRelease extends PreparedRelease {
  address: string;
  pincodeHash: string | null;
  details: Record<string, unknown>;
  signed: SignedStatement;
}

/** Releases planned between two turns of the event loop: some 0.05 ms each (two hashes, a text). */
const planPiece = 50;
/** Statements given to the signer at once: a batch that large is signed in its workers. */
const signBatch = 250;

/**
 * Gives checked releases (see `prepareReleases`) their addresses and signs their `create`
 * statements with the server's key, before any transaction: signing thousands takes a while,
 * and no lock should wait for it. The statements are written a piece at a time, the event loop
 * turning between pieces, and signed in batches (`ServerKey.signMany`: in the signing workers)
 * while the next are written (docs/production.md, "Heavy work and its budgets"); the
 * addresses' random nonces are read from the system's source once for the batch.
 */
export async function planReleases(
  serverKey: ServerKey,
  actor: ReleaseActor,
  prepared: readonly PreparedRelease[],
): Promise<PlannedRelease[]> {
  const signMany =
    serverKey.signMany?.bind(serverKey) ??
    (async (texts: readonly string[]) => texts.map((text) => serverKey.sign(text)));
  const nonces = randomBytes(nonceBytes * prepared.length);
  const drafts: Draft[] = [];
  const signing: Promise<string[]>[] = [];
  let unsent = 0;
  for (let i = 0; i < prepared.length; i += 1) {
    if (i > 0 && i % planPiece === 0) await yieldToLoop();
    const nonce = nonces.subarray(i * nonceBytes, (i + 1) * nonceBytes);
    drafts.push(draftRelease(serverKey, actor, prepared[i]!, nonce));
    if (drafts.length - unsent === signBatch || i === prepared.length - 1) {
      signing.push(later(signMany(drafts.slice(unsent).map((draft) => draft.statement))));
      unsent = drafts.length;
    }
  }
  const signatures = (await Promise.all(signing)).flat();
  return drafts.map(({ statement, ...draft }, i) => ({
    ...draft,
    signed: { statement, signature: signatures[i]!, signerAddress: serverKey.address },
  }));
}

/** A planned release before its statement is signed. */
type Draft = Omit<PlannedRelease, 'signed'> & { statement: string };

function draftRelease(
  serverKey: ServerKey,
  actor: ReleaseActor,
  item: PreparedRelease,
  nonce: Uint8Array,
): Draft {
  const { input, encryptedPincode, pickupPort, isSecurePickup } = item;
  const address = releaseAddressOf(
    serverKey.address,
    input.billOfLading.blNumber,
    input.container.containerNumber,
    nonce,
  );
  const hash = pincodeHash(encryptedPincode);
  const details = {
    billOfLading: defined(input.billOfLading),
    container: defined({ ...input.container, pickupPort, isSecurePickup }),
    creator: actor.organizationAddress,
    ...actorDetails(actor),
  };
  const statement = serverStatementText(serverKey, {
    action: 'create',
    releases: [{ address, version: 1, pincodeHash: hash }],
    details,
  });
  return { ...item, address, pincodeHash: hash, details, statement };
}

/**
 * Creates planned releases for the acting carrier in the caller's transaction: upserts their
 * BLs (per carrier and BL number; fields sent fill or replace, absent ones are kept), inserts
 * the releases (version 1, owned by the carrier), the carrier's party row (position 0, owned,
 * with the copied columns), its sealed pincode copy, and the ledger's first event per release.
 */
export async function createReleases(
  trx: Knex.Transaction,
  actor: ReleaseActor,
  planned: readonly PlannedRelease[],
  today: IsoDate = todayInBrussels(),
): Promise<{ id: string; address: string }[]> {
  if (planned.length === 0) return [];
  const bills = await upsertBills(trx, actor.organizationId, planned);

  const releaseRows = planned.map(({ input, pickupPort, isSecurePickup, address }) => {
    const c = input.container;
    return {
      address,
      bill_of_lading_id: bills.get(input.billOfLading.blNumber)!.id,
      carrier_organization_id: actor.organizationId,
      owner_organization_id: actor.organizationId,
      bl_number: input.billOfLading.blNumber,
      container_number: c.containerNumber,
      iso_type_code: c.isoTypeCode,
      pickup_location: c.pickupLocation,
      pickup_port: pickupPort,
      turn_in_location: c.turnInLocation ?? null,
      turn_in_reference: c.turnInReference ?? null,
      turn_in_location_barge: c.turnInLocationBarge ?? null,
      turn_in_reference_barge: c.turnInReferenceBarge ?? null,
      turn_in_location_rail: c.turnInLocationRail ?? null,
      turn_in_reference_rail: c.turnInReferenceRail ?? null,
      edi_name: c.ediName ?? null,
      edi_locode: c.ediLocode ?? null,
      edi_pcs: c.ediPcs ?? null,
      valid_from: c.validFrom,
      valid_until: c.validUntil,
      released_on: today,
      release_status: 'released',
      version: 1,
      is_secure_pickup: isSecurePickup,
      created_by_user_id: actor.userId,
      created_by_api_key_id: actor.apiKeyId,
    };
  });
  // Every release's first event as it will be, but for the release's id (the hash binds none).
  const events = planned.map(({ address, signed, details, pincodeHash: hash }) => ({
    release: { address, version: 1 },
    operation: 'create' as const,
    pincodeHash: hash,
    details,
    signed,
    sourceOrganizationId: actor.organizationId,
    userId: actor.userId,
    actor: actor.label,
    ...(hash ? { pincodeCopies: { [actor.organizationAddress]: hash } } : {}),
  }));
  // The events and their statements are hashed while the database writes the release and party
  // rows: the event loop's work and the database's overlap (docs/production.md, "Heavy work and
  // its budgets").
  const writingReleases = later(
    insertJsonRows<{ id: string; address: string }>(
      trx,
      'releases',
      releaseRows,
      'returning id, address',
    ),
  );
  const hashing = later(hashFirstEvents(events));
  // Each release by its address (unique), whatever order the rows come back in.
  const ids = new Map((await writingReleases).map((row) => [row.address, String(row.id)]));
  const inserted = releaseRows.map((row) => ({ id: ids.get(row.address)!, address: row.address }));

  const parties = inserted.map((release, i) => {
    const row = releaseRows[i]!;
    const bl = bills.get(row.bl_number)!;
    return {
      release_id: release.id,
      organization_id: actor.organizationId,
      position: 0,
      transfer_status: 'owned',
      active: true,
      ...partyCopies({
        id: release.id,
        bill_of_lading_id: bl.id,
        valid_until: row.valid_until,
        release_status: row.release_status,
        container_number: row.container_number,
        pickup_location: row.pickup_location,
        bl_number: row.bl_number,
        vessel: bl.vessel,
        voyage_number: bl.voyage_number,
        stay_number: bl.stay_number,
        lloyds_number: bl.lloyds_number,
        agent: bl.agent,
      }),
    };
  });
  const pincodes = inserted.flatMap((release, i) => {
    const encrypted = planned[i]!.encryptedPincode;
    return encrypted
      ? [
          {
            release_id: release.id,
            organization_id: actor.organizationId,
            encrypted_pincode: encrypted,
          },
        ]
      : [];
  });
  await insertJsonRows(trx, 'release_parties', parties);
  await insertJsonRows(trx, 'release_pincodes', pincodes);

  await appendFirstEvents(
    trx,
    events.map((event, i) => ({ ...event, release: { id: inserted[i]!.id, ...event.release } })),
    await hashing,
  );
  return inserted.map((release) => ({ id: String(release.id), address: release.address }));
}

/** What one run of the create-releases command did. */
export interface CreationRun<T> {
  /** The inputs that passed, in order, planned (address, signed statement) and then created. */
  prepared: PlannedRelease[];
  created: { id: string; address: string }[];
  /** Per input index, what is wrong with it (those inputs created nothing). */
  errors: Map<number, FieldErrors>;
  /** What `alongside` answered. */
  alongside: T;
}

/**
 * The one create-releases command, for every caller (REST, upload, demo, test factory, tests):
 * checks the inputs (`prepareReleases`), plans and signs them outside any transaction
 * (`planReleases`), then creates them (`createReleases`) in one transaction: the caller's, when
 * `db` is one (the demo loader), else its own. `refuse` is called when some input is wrong,
 * before anything is created (a throw refuses them all; returning creates the others);
 * `alongside` runs in the same transaction after the creation (the upload's record).
 */
export async function runCreateReleases<T = undefined>(
  db: Knex | Knex.Transaction,
  serverKey: ServerKey,
  actor: ReleaseActor,
  inputs: readonly CreateReleaseInput[],
  options: {
    today?: IsoDate;
    /** Where the inputs come from (domain `ReleaseInputSource`); the JSON API unless told. */
    source?: ReleaseInputSource;
    refuse?: (errors: Map<number, FieldErrors>) => void;
    alongside?: (
      trx: Knex.Transaction,
      created: { id: string; address: string }[],
      errors: Map<number, FieldErrors>,
    ) => Promise<T>;
  } = {},
): Promise<CreationRun<T>> {
  const today = options.today ?? todayInBrussels();
  const { prepared, errors } = await prepareReleases(db, actor, inputs, today, options.source);
  if (errors.size > 0) options.refuse?.(errors);
  const planned = await planReleases(serverKey, actor, prepared);
  const work = async (trx: Knex.Transaction) => {
    const created = await createReleases(trx, actor, planned, today);
    const alongside = (await options.alongside?.(trx, created, errors)) as T;
    return { created, alongside };
  };
  const { created, alongside } =
    'isTransaction' in db && db.isTransaction
      ? await work(db as Knex.Transaction)
      : await inTransaction(db as Knex, work);
  return { prepared: planned, created, errors, alongside };
}

interface BillRow {
  id: string;
  bl_number: string;
  vessel: string | null;
  voyage_number: string | null;
  stay_number: string | null;
  lloyds_number: string | null;
  agent: string | null;
}

/** One upsert per BL number: fields sent fill or replace, absent ones keep what is there. */
async function upsertBills(
  trx: Knex.Transaction,
  carrierId: number,
  prepared: readonly PreparedRelease[],
) {
  const byNumber = new Map<string, Record<string, unknown>>();
  for (const { input, termsHtml } of prepared) {
    const bl = input.billOfLading;
    const row = byNumber.get(bl.blNumber) ?? {
      carrier_organization_id: carrierId,
      bl_number: bl.blNumber,
      ...Object.fromEntries(Object.values(blColumns).map((column) => [column, null])),
      terms_html: null,
    };
    for (const [field, column] of Object.entries(blColumns)) {
      const value = bl[field as keyof typeof blColumns];
      if (value) row[column] = value;
    }
    if (termsHtml !== undefined) row.terms_html = termsHtml;
    byNumber.set(bl.blNumber, row);
  }
  const merge = [...Object.values(blColumns), 'terms_html']
    .map((column) => `${column} = coalesce(excluded.${column}, bills_of_lading.${column})`)
    .join(', ');
  const bills = new Map<string, BillRow>();
  const upserted = await insertJsonRows<BillRow>(
    trx,
    'bills_of_lading',
    [...byNumber.values()],
    `on conflict (carrier_organization_id, bl_number) do update set ${merge}, updated_at = now()
     returning *`,
  );
  for (const bill of upserted) bills.set(bill.bl_number, bill);
  return bills;
}
