import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { pincodeHash, todayInBrussels, type IsoDate, type ReleaseInputSource } from '@scr/domain';
import type { Knex } from 'knex';
import { inTransaction } from '../db/transaction.ts';
import { appendServerEvents, serverStatement, type SignedStatement } from '../ledger/ledger.ts';
import type { FieldErrors } from './field-errors.ts';
import { partyCopies } from './party-copies.ts';
import {
  prepareReleases,
  type CreateReleaseInput,
  type PreparedRelease,
} from './prepare-releases.ts';
import { actorDetails, type ReleaseActor } from './release-actor.ts';
import { newReleaseAddress } from './release-address.ts';
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

const chunk = 500;

/** Drops undefined members, so a statement carries only what was set. */
const defined = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, member]) => member !== undefined));

/** A checked release with its address and its signed `create` statement. */
export interface PlannedRelease extends PreparedRelease {
  address: string;
  pincodeHash: string | null;
  details: Record<string, unknown>;
  signed: SignedStatement;
}

/**
 * Gives checked releases (see `prepareReleases`) their addresses and signs their `create`
 * statements with the server's key, before any transaction: signing thousands takes seconds,
 * and no lock should wait for it. A signature costs about 1 ms: 25 at a time, the event loop
 * turning between pieces (docs/production.md, "Heavy work and its budgets").
 */
export async function planReleases(
  serverKey: ServerKey,
  actor: ReleaseActor,
  prepared: readonly PreparedRelease[],
): Promise<PlannedRelease[]> {
  const planned: PlannedRelease[] = [];
  for (let i = 0; i < prepared.length; i += 25) {
    if (i > 0) await yieldToLoop();
    planned.push(...prepared.slice(i, i + 25).map((item) => planRelease(serverKey, actor, item)));
  }
  return planned;
}

function planRelease(
  serverKey: ServerKey,
  actor: ReleaseActor,
  item: PreparedRelease,
): PlannedRelease {
  const { input, encryptedPincode, pickupPort, isSecurePickup } = item;
  const address = newReleaseAddress(
    serverKey.address,
    input.billOfLading.blNumber,
    input.container.containerNumber,
  );
  const hash = pincodeHash(encryptedPincode);
  const details = {
    billOfLading: defined({ ...input.billOfLading }),
    container: defined({ ...input.container, pickupPort, isSecurePickup }),
    creator: actor.organizationAddress,
    ...actorDetails(actor),
  };
  const signed = serverStatement(serverKey, {
    action: 'create',
    releases: [{ address, version: 1, pincodeHash: hash }],
    details,
  });
  return { ...item, address, pincodeHash: hash, details, signed };
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
  const inserted: { id: string; address: string }[] = [];
  for (let i = 0; i < releaseRows.length; i += chunk) {
    inserted.push(
      ...(await trx('releases')
        .insert(releaseRows.slice(i, i + chunk))
        .returning(['id', 'address'])),
    );
  }

  const parties = inserted.map((release, i) => {
    const row = releaseRows[i]!;
    const bl = bills.get(row.bl_number)!;
    return {
      release_id: release.id,
      organization_id: actor.organizationId,
      position: 0,
      transfer_status: 'owned',
      active: true,
      ...partyCopies({ ...bl, ...row, id: release.id, bill_of_lading_id: bl.id }),
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
  for (let i = 0; i < inserted.length; i += chunk) {
    await trx('release_parties').insert(parties.slice(i, i + chunk));
  }
  for (let i = 0; i < pincodes.length; i += chunk) {
    await trx('release_pincodes').insert(pincodes.slice(i, i + chunk));
  }

  await appendServerEvents(
    trx,
    inserted.map((release, i) => {
      const { signed, details, pincodeHash: hash } = planned[i]!;
      return {
        release: { id: release.id, address: release.address, version: 1 },
        operation: 'create' as const,
        pincodeHash: hash,
        details,
        signed,
        sourceOrganizationId: actor.organizationId,
        userId: actor.userId,
        actor: actor.label,
        ...(hash ? { pincodeCopies: { [actor.organizationAddress]: hash } } : {}),
      };
    }),
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
  const keep = (column: string) =>
    trx.raw(`coalesce(excluded.??, bills_of_lading.??)`, [column, column]);
  const merge = Object.fromEntries(
    [...Object.values(blColumns), 'terms_html'].map((column) => [column, keep(column)]),
  );
  const rows = [...byNumber.values()];
  const bills = new Map<string, BillRow>();
  for (let i = 0; i < rows.length; i += chunk) {
    const upserted = await trx('bills_of_lading')
      .insert(rows.slice(i, i + chunk))
      .onConflict(['carrier_organization_id', 'bl_number'])
      .merge({ ...merge, updated_at: trx.fn.now() })
      .returning('*');
    for (const bill of upserted as BillRow[]) bills.set(bill.bl_number, bill);
  }
  return bills;
}
