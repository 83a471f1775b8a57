import { StringEnum, Type, type Static, type TSchema } from '@feathersjs/typebox';
import {
  languages,
  organizationRoles,
  assertSameType,
  type OrganizationCreate,
  type OrganizationPatch,
  type OrganizationView,
  type OrganizationLookup,
  type OwnOrganization,
} from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';

const nullableText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

/** The postal address of an organisation: what its own admin may change. */
export const addressFields = {
  streetNbr: nullableText(200),
  postalCode: nullableText(20),
  city: nullableText(100),
  country: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Z]{2}$' }), Type.Null()])),
};
export const addressFieldNames = Object.keys(addressFields);

const editableFields = {
  name: Type.String({ minLength: 1, maxLength: 200 }),
  role: StringEnum([...organizationRoles]),
  vat: nullableText(30),
  ...addressFields,
  /** An on-premise wallet's base URL; null is the cloud wallet (DESIGN §3). */
  walletUrl: Type.Union([Type.String({ pattern: '^https?://\\S+$', maxLength: 300 }), Type.Null()]),
  invitedByMsc: Type.Optional(Type.Boolean()),
  isConnectedtoCpoint: Type.Optional(Type.Boolean()),
};

/** The first admin, created with the organisation. */
export const firstAdminSchema = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    preferredLanguage: Type.Optional(StringEnum([...languages])),
    twoFactorAuth: Type.Optional(Type.Union([Type.Literal('email'), Type.Null()])),
    /** Cloud wallet: the initial wallet password, passed on to the admin by support. */
    password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  },
  { additionalProperties: false },
);

/** An organisation's address and sealing public key, as its own wallet prints them. */
const organizationKeyFields = {
  address: Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' }),
  sealingPublicKey: Type.String({ minLength: 40, maxLength: 100 }),
};

export const organizationCreateSchema = Type.Object(
  {
    ...editableFields,
    /** On-premise wallet: the address and sealing key that `npm run wallet -- init` printed. */
    address: Type.Optional(organizationKeyFields.address),
    sealingPublicKey: Type.Optional(organizationKeyFields.sealingPublicKey),
    firstAdmin: firstAdminSchema,
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof organizationCreateSchema>, OrganizationCreate>();

export const organizationPatchSchema = Type.Object(
  {
    name: Type.Optional(editableFields.name),
    role: Type.Optional(editableFields.role),
    vat: editableFields.vat,
    ...addressFields,
    walletUrl: Type.Optional(editableFields.walletUrl),
    invitedByMsc: editableFields.invitedByMsc,
    isConnectedtoCpoint: editableFields.isConnectedtoCpoint,
    securePickupEnabled: Type.Optional(Type.Boolean()),
    /** On-premise wallet: the keys its `npm run wallet -- init` printed (`register-keys.ts`). */
    address: Type.Optional(organizationKeyFields.address),
    sealingPublicKey: Type.Optional(organizationKeyFields.sealingPublicKey),
  },
  { additionalProperties: false, minProperties: 1 },
);
assertSameType<Static<typeof organizationPatchSchema>, OrganizationPatch>();

/** Releases spec §7: `organizations` find by addresses or ids, up to 100 of each in one call. */
export const maxLookupAddresses = 100;
const organizationAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });
const organizationId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** One value (`?x=…`), or a list (`?x[$in]=…&x[$in]=…`, up to 100). */
const lookupList = <T extends TSchema>(item: T) =>
  Type.Union([
    item,
    Type.Object(
      { $in: Type.Union([item, Type.Array(item, { minItems: 1, maxItems: maxLookupAddresses })]) },
      { additionalProperties: false },
    ),
  ]);

export const organizationQuerySchema = Type.Object(
  {
    /** Name, VAT number or address, case-insensitive. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    /**
     * The releases area's lookup (`?address=…` or `?address[$in]=…&address[$in]=…`, any case):
     * answers `OrganizationLookup` rows, and only the organisations the caller may see there.
     */
    address: Type.Optional(lookupList(organizationAddress)),
    /** Releases spec §7 "find by list of ids": `?id=…` or `?id[$in]=…`, answered as by address. */
    id: Type.Optional(lookupList(organizationId)),
    role: Type.Optional(StringEnum([...organizationRoles])),
    /**
     * `?connected=true`: the organisations with a finalised connection to the caller's, either
     * way (releases spec §6: the transfer targets), answered as the lookups are; `search` and
     * `role` narrow them. A system's key finds a target's address so.
     */
    connected: Type.Optional(Type.Literal(true)),
    /**
     * The order page's lookup (access spec §7 "Order and organisations"): `field` searches by
     * name or VAT number; `countUsers` with `address` reads those organisations. Either answers
     * `OrderOrganization` rows (`order-lookup.ts`).
     */
    field: Type.Optional(Type.String({ minLength: 2, maxLength: 100 })),
    countUsers: Type.Optional(Type.Boolean()),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
export type OrganizationQuery = Static<typeof organizationQuerySchema>;

/** The contract's shapes (domain `api/`), under the names this service's code uses. */
export type {
  OrganizationCreate,
  OrganizationPatch,
  OrganizationView,
  OrganizationLookup,
  OwnOrganization,
};
