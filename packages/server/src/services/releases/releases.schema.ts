import { editableFields } from '@scr/domain';
import { Type, type Static, type TSchema } from '@feathersjs/typebox';
import { custodyBodySchema, type CustodyBody } from '../custody/custody.schema.ts';
import { maxAddressesPerCall, maxReleasesPerCall } from './releases.shared.ts';

const text = (maxLength = 200) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/**
 * Releases spec §3 "Create payload": `billOfLading` and `container`, and `creator` (the
 * organisation address; it must be the caller's own). Every field is optional here so that the
 * domain validation answers the spec's own messages for missing ones (§5).
 */
export const releaseCreateSchema = Type.Object(
  {
    billOfLading: Type.Object(
      {
        blNumber: text(64),
        portOfLoading: text(),
        portOfDestination: text(),
        vessel: text(),
        agent: text(),
        stayNumber: text(64),
        lloydsNumber: text(64),
        voyageNumber: text(64),
        /** The BL's terms (HTML); sanitised before it is stored. */
        termsHtml: text(100_000),
      },
      { additionalProperties: false },
    ),
    container: Type.Object(
      {
        /** Releases spec §7: the container may carry its BL number; it must be the BL's. */
        blNumber: text(64),
        containerNumber: text(64),
        isoTypeCode: text(16),
        pickupLocation: text(64),
        pickupPort: text(16),
        turnInLocation: text(),
        turnInReference: text(),
        turnInLocationBarge: text(),
        turnInReferenceBarge: text(),
        turnInLocationRail: text(),
        turnInReferenceRail: text(),
        validFrom: text(32),
        validUntil: text(32),
        /** Releases spec §3: the carrier's EDI names; `ediPcs` designates the PCS. */
        ediName: text(),
        ediLocode: text(16),
        ediPcs: text(),
        /** In clear over TLS: sealed to the carrier at once, never stored (DESIGN §3). */
        pincode: text(64),
        /** Or already sealed to the carrier's own sealing key. */
        encryptedPincode: text(4096),
      },
      { additionalProperties: false },
    ),
    creator: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ReleaseCreate = Static<typeof releaseCreateSchema>;

/** Several at once (spec §7 "create (one or an array)"). */
export const releaseCreateManySchema = Type.Array(releaseCreateSchema, {
  minItems: 1,
  maxItems: maxReleasesPerCall,
});

/**
 * Spec §3 "Edit form fields" only (others answer 400), plus the optional `version` the caller
 * saw (optimistic concurrency; single edit only).
 */
export const releasePatchSchema = Type.Object(
  {
    ...Object.fromEntries(editableFields.map((field) => [field, text()])),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    /**
     * Releases spec §7 "patch without id … body: type (transfer, revoke, block, unblock),
     * organizationAddress": the carrier's custody actions as a change of its releases, in the
     * two calls of the custody services (DESIGN §3): `dryRun`, then the signed statement.
     */
    type: Type.Optional(
      Type.Union([
        Type.Literal('transfer'),
        Type.Literal('revoke'),
        Type.Literal('block'),
        Type.Literal('unblock'),
      ]),
    ),
    organizationAddress: Type.Optional(Type.String({ maxLength: 64 })),
    ...custodyBodySchema.properties,
    release_addresses: Type.Optional(custodyBodySchema.properties.release_addresses),
  } as Record<string, TSchema>,
  { additionalProperties: false },
);
export type ReleasePatch = Partial<Record<(typeof editableFields)[number], string | null>> & {
  version?: number;
  type?: 'transfer' | 'revoke' | 'block' | 'unblock';
  organizationAddress?: string;
} & Partial<CustodyBody>;

const address = Type.String({ maxLength: 64 });

/** `patch` and `remove` without id: `?address[$in]=…&address[$in]=…` (or one `?address=`). */
export const releaseManyQuerySchema = Type.Object(
  {
    address: Type.Union([
      address,
      Type.Object(
        { $in: Type.Union([address, Type.Array(address, { maxItems: maxAddressesPerCall })]) },
        { additionalProperties: false },
      ),
    ]),
  },
  { additionalProperties: false },
);
export type ReleaseManyQuery = Static<typeof releaseManyQuerySchema>;
