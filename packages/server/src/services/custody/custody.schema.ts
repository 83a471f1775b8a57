import { maxCustodyReleases } from '@scr/domain';
import { Type, type Static } from '@feathersjs/typebox';

const address = Type.String({ maxLength: 64 });

/**
 * The two bodies of a custody call (DESIGN §3; releases spec §7 `transfers` / `revokes` create,
 * `pincode-log` create): the dry run names the releases; the second call carries them as
 * signed, with the statement and its signature.
 */
export const custodyBodySchema = Type.Object(
  {
    dryRun: Type.Optional(Type.Boolean()),
    release_addresses: Type.Array(
      Type.Union([
        address,
        Type.Object(
          {
            address,
            version: Type.Integer({ minimum: 1 }),
            encryptedPincode: Type.Optional(
              Type.Union([Type.String({ maxLength: 512 }), Type.Null()]),
            ),
          },
          { additionalProperties: false },
        ),
      ]),
      { maxItems: maxCustodyReleases },
    ),
    target_organization_address: Type.Optional(Type.Union([address, Type.Null()])),
    /** Spec §7 also names these; the statement says who acts and for whom. */
    target_organization_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    ownerAddresses: Type.Optional(Type.Array(address, { maxItems: maxCustodyReleases })),
    statement: Type.Optional(Type.String({ maxLength: 2_000_000 })),
    signature: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type CustodyBody = Static<typeof custodyBodySchema>;

const {
  dryRun: _dryRun,
  statement: _statement,
  signature: _signature,
  ...requestFields
} = custodyBodySchema.properties;

/** The first call: `dryRun: true` and the releases by address; nothing signed yet. */
export const custodyDryRunSchema = Type.Object(
  { ...requestFields, dryRun: Type.Literal(true) },
  { additionalProperties: false },
);
export type CustodyDryRunBody = Static<typeof custodyDryRunSchema>;

/**
 * The second call: each release with the version signed (and for a transfer its resealed
 * copy), the statement and its signature.
 */
export const custodyApplySchema = Type.Object(
  {
    ...requestFields,
    dryRun: Type.Optional(Type.Literal(false)),
    release_addresses: Type.Array(
      Type.Object(
        {
          address,
          version: Type.Integer({ minimum: 1 }),
          encryptedPincode: Type.Optional(
            Type.Union([Type.String({ maxLength: 512 }), Type.Null()]),
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: maxCustodyReleases },
    ),
    statement: Type.String({ maxLength: 2_000_000 }),
    signature: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type CustodyApplyBody = Static<typeof custodyApplySchema>;

/** `pincode-log` also takes the spec's own name for the list (§7 "list of releaseAddress"). */
const pincodeLogList = {
  releaseAddresses: Type.Optional(Type.Array(address, { maxItems: maxCustodyReleases })),
};
export const pincodeLogDryRunSchema = Type.Object(
  {
    ...custodyDryRunSchema.properties,
    release_addresses: Type.Optional(custodyDryRunSchema.properties.release_addresses),
    ...pincodeLogList,
  },
  { additionalProperties: false },
);
export const pincodeLogApplySchema = Type.Object(
  {
    ...custodyApplySchema.properties,
    release_addresses: Type.Optional(custodyApplySchema.properties.release_addresses),
    ...pincodeLogList,
  },
  { additionalProperties: false },
);
