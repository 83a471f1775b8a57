import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import { languages, organizationRoles } from '@scr/domain';
import { pagingProperties } from '../admin-common/paging.ts';

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

export const organizationCreateSchema = Type.Object(
  {
    ...editableFields,
    /** On-premise wallet: the address and sealing key that `npm run wallet -- init` printed. */
    address: Type.Optional(Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' })),
    sealingPublicKey: Type.Optional(Type.String({ minLength: 40, maxLength: 100 })),
    firstAdmin: firstAdminSchema,
  },
  { additionalProperties: false },
);
export type OrganizationCreate = Static<typeof organizationCreateSchema>;

export const organizationPatchSchema = Type.Object(
  {
    name: Type.Optional(editableFields.name),
    role: Type.Optional(editableFields.role),
    vat: editableFields.vat,
    ...addressFields,
    walletUrl: Type.Optional(editableFields.walletUrl),
    invitedByMsc: editableFields.invitedByMsc,
    isConnectedtoCpoint: editableFields.isConnectedtoCpoint,
  },
  { additionalProperties: false, minProperties: 1 },
);
export type OrganizationPatch = Static<typeof organizationPatchSchema>;

/** Releases spec §7: `organizations` find by addresses, up to 100 in one call. */
export const maxLookupAddresses = 100;
const organizationAddress = Type.String({ pattern: '^0x[0-9a-fA-F]{40}$' });

export const organizationQuerySchema = Type.Object(
  {
    /** Name, VAT number or address, case-insensitive. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    /**
     * The releases area's lookup (`?address=…` or `?address[$in]=…&address[$in]=…`, any case):
     * answers `OrganizationLookup` rows, and only the organisations the caller may see there.
     */
    address: Type.Optional(
      Type.Union([
        organizationAddress,
        Type.Object(
          {
            $in: Type.Union([
              organizationAddress,
              Type.Array(organizationAddress, { minItems: 1, maxItems: maxLookupAddresses }),
            ]),
          },
          { additionalProperties: false },
        ),
      ]),
    ),
    role: Type.Optional(StringEnum([...organizationRoles])),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
export type OrganizationQuery = Static<typeof organizationQuerySchema>;

/** An organisation as the admin section shows it (access spec §3 "Organisation"). */
export interface OrganizationView {
  id: number;
  name: string;
  address: string;
  role: (typeof organizationRoles)[number];
  /** `summary`: another organisation, shown only to connect to; no other fields follow. */
  access: 'full' | 'summary';
  vat?: string | null;
  streetNbr?: string | null;
  postalCode?: string | null;
  city?: string | null;
  country?: string | null;
  walletUrl?: string | null;
  sealingPublicKey?: string | null;
  invitedByMsc?: boolean;
  isConnectedtoCpoint?: boolean;
  userCount?: number;
  createdAt?: string;
}

/**
 * An organisation as the releases area sees it (releases spec §3 "Other lookups"): a transfer
 * target, with the sealing key its pincodes are sealed to, and the finalised connection's
 * references (null when the row is the caller's own organisation or, for support, unconnected).
 */
export interface OrganizationLookup {
  id: number;
  name: string;
  address: string;
  role: (typeof organizationRoles)[number];
  sealingPublicKey: string | null;
  streetNumber: string | null;
  postalCode: string | null;
  city: string | null;
  reference: string | null;
  customerReference: string | null;
}

/**
 * `get(0)`: the caller's own organisation and its transfer targets, every organisation with a
 * finalised connection to it in either direction, by name (none for a terminal).
 */
export interface OwnOrganization extends Omit<
  OrganizationLookup,
  'reference' | 'customerReference'
> {
  connections: OrganizationLookup[];
}
