import { setImmediate as yieldToLoop } from 'node:timers/promises';
import {
  isSecurePickup,
  normalizeContainerNumber,
  releaseDefaults,
  validateReleaseInput,
  type IsoDate,
  type ReleaseInput,
  type ReleaseInputSource,
} from '@scr/domain';
import { sealPincode, sharedSealingPool } from '@scr/wallet';
import type { Knex } from 'knex';
import { fromReleaseErrors, type FieldErrors } from './field-errors.ts';
import type { ReleaseActor } from './release-actor.ts';
import { sanitizeTerms } from './sanitize-terms.ts';

/** A release to create as sent: the domain input, plus the BL's terms (HTML). */
export interface CreateReleaseInput {
  billOfLading: Partial<Record<keyof ReleaseInput['billOfLading'], string | null>> & {
    termsHtml?: string | null;
  };
  container: Partial<Record<keyof ReleaseInput['container'], string | null>>;
}

/** A checked release, ready for `createReleases`: defaults applied, pincode sealed. */
export interface PreparedRelease {
  index: number;
  input: ReleaseInput;
  termsHtml: string | null | undefined;
  pickupPort: string | null;
  isSecurePickup: boolean;
  /** The carrier's sealed copy; a pincode sent in clear never gets further than here. */
  encryptedPincode: string | null;
}

export interface Preparation {
  prepared: PreparedRelease[];
  /** Per input index, what is wrong with it. */
  errors: Map<number, FieldErrors>;
}

const text = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

/** Releases spec §5 and §9: absent dates and container type take their defaults. */
function withDefaults(raw: CreateReleaseInput, today: IsoDate): ReleaseInput {
  const defaults = releaseDefaults(today);
  const { billOfLading: bl, container: c } = raw;
  const date = (value: string | null | undefined, fallback: IsoDate) =>
    value === undefined || value === null ? fallback : value.trim();
  return {
    billOfLading: {
      blNumber: bl.blNumber?.trim() ?? '',
      portOfLoading: text(bl.portOfLoading),
      portOfDestination: text(bl.portOfDestination),
      vessel: text(bl.vessel),
      agent: text(bl.agent),
      stayNumber: text(bl.stayNumber),
      lloydsNumber: text(bl.lloydsNumber),
      voyageNumber: text(bl.voyageNumber),
    },
    container: {
      // Issue 15: kept as ISO 6346 writes it, whatever spaces or case it was sent with.
      containerNumber: normalizeContainerNumber(c.containerNumber ?? ''),
      isoTypeCode: text(c.isoTypeCode) ?? defaults.isoTypeCode,
      pickupLocation: c.pickupLocation?.trim() ?? '',
      pickupPort: text(c.pickupPort),
      turnInLocation: text(c.turnInLocation),
      turnInReference: text(c.turnInReference),
      turnInLocationBarge: text(c.turnInLocationBarge),
      turnInReferenceBarge: text(c.turnInReferenceBarge),
      turnInLocationRail: text(c.turnInLocationRail),
      turnInReferenceRail: text(c.turnInReferenceRail),
      validFrom: date(c.validFrom, defaults.validFrom),
      validUntil: date(c.validUntil, defaults.validUntil),
      ediName: text(c.ediName),
      ediLocode: text(c.ediLocode),
      ediPcs: text(c.ediPcs),
      ...(c.blNumber === undefined || c.blNumber === null ? {} : { blNumber: c.blNumber }),
      pincode: c.pincode ?? null,
      encryptedPincode: c.encryptedPincode ?? null,
    },
  };
}

const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
/** A libsodium sealed box carries a 32-byte ephemeral key and a 16-byte tag before the text. */
const sealedOverhead = 48;

function pincodeErrors(container: ReleaseInput['container'], canSeal: boolean): FieldErrors {
  const { pincode, encryptedPincode } = container;
  const invalid = (message: string) => ({ key: 'validation.invalid', message });
  if (pincode && encryptedPincode) {
    return { pincode: invalid('Send either pincode or encryptedPincode, not both.') };
  }
  // The pincode's format is domain `validateReleaseInput`'s (the form shows the same message).
  if (pincode !== null && pincode !== undefined && !canSeal) {
    return { pincode: invalid('Your organisation has no sealing key to seal a pincode to.') };
  }
  if (encryptedPincode) {
    const ok =
      base64.test(encryptedPincode) &&
      Buffer.from(encryptedPincode, 'base64').length > sealedOverhead;
    if (!ok) {
      return { encryptedPincode: invalid('encryptedPincode must be a base64 sealed box.') };
    }
  }
  return {};
}

const duplicate = {
  key: 'backend.error.already_exists',
  message: 'This container already has a live release on this BL.',
};

/**
 * Checks releases to create (releases spec §5, against the known terminal codes), applies the
 * defaults, finds containers already released on the same BL (in this batch or before) and
 * seals pincodes sent in clear to the carrier. Answers the good ones and the errors per index;
 * creates nothing. `source` tells a wrong date the form its source takes (domain
 * `ReleaseInputSource`: an upload's are typed, the JSON API's YYYY-MM-DD).
 */
export async function prepareReleases(
  db: Knex | Knex.Transaction,
  actor: ReleaseActor,
  raw: readonly CreateReleaseInput[],
  today: IsoDate,
  source: ReleaseInputSource = 'api',
): Promise<Preparation> {
  const inputs = raw.map((item) => withDefaults(item, today));
  const codes = [...new Set(inputs.map((input) => input.container.pickupLocation).filter(Boolean))];
  const terminals = new Map<string, { port_locode: string; secure_pickup_enabled: boolean }>();
  for (let i = 0; i < codes.length; i += 1000) {
    const rows = await db('terminals')
      .whereIn('code', codes.slice(i, i + 1000))
      .select('code', 'port_locode', 'secure_pickup_enabled');
    for (const row of rows) terminals.set(row.code, row);
  }
  const organization = await db('organizations')
    .where({ id: actor.organizationId })
    .first('sealing_public_key', 'secure_pickup_enabled');
  const sealingKey: string | null = organization?.sealing_public_key ?? null;
  const carrierSecurePickup: boolean = organization?.secure_pickup_enabled ?? false;
  const terminalCodes = new Set(terminals.keys());

  const errors = new Map<number, FieldErrors>();
  inputs.forEach((input, index) => {
    const invalid = validateReleaseInput(input, { today, terminalCodes, source });
    const found = {
      ...pincodeErrors(input.container, !!sealingKey),
      // The domain's message wins, so the API answers what the form shows. The values its
      // messages name only for a release with errors (a copy of every field costs 15 µs).
      ...(Object.values(invalid).some(Boolean)
        ? fromReleaseErrors(invalid, { ...input.billOfLading, ...input.container })
        : {}),
    };
    if (Object.keys(found).length > 0) errors.set(index, found);
  });
  for (const index of await duplicateIndexes(db, actor.organizationId, inputs)) {
    errors.set(index, { ...errors.get(index), containerNumber: duplicate });
  }

  const sealed = await sealedPincodes(inputs, errors, sealingKey);
  const prepared: PreparedRelease[] = [];
  for (const [index, input] of inputs.entries()) {
    // A BL's terms are sanitised here: thousands of them would hold the event loop.
    if (index > 0 && index % 200 === 0) await yieldToLoop();
    if (errors.has(index)) continue;
    // The container's BL number, when sent, is the BL's (checked above): the BL keeps it.
    const { pincode, encryptedPincode, blNumber: _blNumber, ...container } = input.container;
    const terminal = terminals.get(container.pickupLocation)!;
    prepared.push({
      index,
      input: { billOfLading: input.billOfLading, container },
      termsHtml:
        raw[index]!.billOfLading.termsHtml === undefined
          ? undefined
          : sanitizeTerms(raw[index]!.billOfLading.termsHtml),
      pickupPort: container.pickupPort ?? terminal.port_locode,
      isSecurePickup: isSecurePickup({
        terminalSecurePickup: terminal.secure_pickup_enabled,
        carrierSecurePickup,
      }),
      encryptedPincode: pincode ? sealed.get(index)! : (encryptedPincode ?? null),
    });
  }
  return { prepared, errors };
}

/**
 * The pincodes sent in clear, of the inputs without errors, sealed to the carrier's key, by
 * input index. Sealing one costs about 0.4 ms: a few at once are sealed here, more in the
 * sealing workers (wallet `sharedSealingPool`: an interchange of 1,000 is 0.4 s of work).
 */
async function sealedPincodes(
  inputs: readonly ReleaseInput[],
  errors: ReadonlyMap<number, FieldErrors>,
  sealingKey: string | null,
): Promise<Map<number, string>> {
  const indexes = inputs.flatMap((input, index) =>
    input.container.pincode && !errors.has(index) ? [index] : [],
  );
  if (indexes.length === 0) return new Map();
  const pincodes = indexes.map((index) => inputs[index]!.container.pincode!);
  // One sealed the usual way first: it checks the key as every seal before did.
  const first = await sealPincode(pincodes[0]!, sealingKey!);
  const rest = await sharedSealingPool().seal(
    pincodes.slice(1),
    new Uint8Array(Buffer.from(sealingKey!, 'base64')),
  );
  return new Map(indexes.map((index, i) => [index, i === 0 ? first : rest[i - 1]!]));
}

/** Indexes of inputs whose container already has a live release on the same BL of this carrier. */
async function duplicateIndexes(
  db: Knex | Knex.Transaction,
  carrierId: number,
  inputs: readonly ReleaseInput[],
): Promise<number[]> {
  const keyOf = (bl: string, container: string) => `${bl}\n${container}`;
  const seen = new Set<string>();
  const duplicates = new Set<number>();
  const pairs: [string, string][] = [];
  inputs.forEach((input, index) => {
    const key = keyOf(input.billOfLading.blNumber, input.container.containerNumber);
    if (seen.has(key)) duplicates.add(index);
    else if (input.billOfLading.blNumber && input.container.containerNumber) {
      pairs.push([input.billOfLading.blNumber, input.container.containerNumber]);
    }
    seen.add(key);
  });
  const existing = new Set<string>();
  for (let i = 0; i < pairs.length; i += 1000) {
    const slice = pairs.slice(i, i + 1000);
    // Two arrays rather than a list of row constructors: one binding each, and index-friendly.
    const rows = await db('bills_of_lading as bl')
      .join('releases as r', 'r.bill_of_lading_id', 'bl.id')
      .where('bl.carrier_organization_id', carrierId)
      .whereRaw('bl.bl_number = any(?::text[])', [[...new Set(slice.map(([bl]) => bl))]])
      .whereRaw('r.container_number = any(?::text[])', [[...new Set(slice.map(([, c]) => c))]])
      .whereNot('r.release_status', 'deleted')
      .select('bl.bl_number', 'r.container_number');
    for (const row of rows) existing.add(keyOf(row.bl_number, row.container_number));
  }
  inputs.forEach((input, index) => {
    const key = keyOf(input.billOfLading.blNumber, input.container.containerNumber);
    if (existing.has(key)) duplicates.add(index);
  });
  return [...duplicates];
}
