import { StringEnum, Type, type Static, type TSchema } from '@feathersjs/typebox';
import { organizationRoles, type OrganizationLookup, type OwnOrganization } from '@scr/domain';
import { organizationQuerySchema } from '../services/organizations/organizations.schema.ts';
import { describes } from './answer-schemas.ts';

/**
 * The releases area's organisation lookups (releases spec §3 "Other lookups", §7
 * `organizations` get 0 and find by ids or addresses) for the OpenAPI document, held to the
 * domain's types (`api/admin.ts`) by `describes`.
 */

const maybeText = Type.Union([Type.String(), Type.Null()]);

const lookupFields = {
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String({ description: 'An EIP-55 address (0x…): a transfer’s target' }),
  role: StringEnum([...organizationRoles]),
  sealingPublicKey: Type.Union([Type.String(), Type.Null()], {
    description: 'What a pincode is resealed to for this organisation (base64)',
  }),
  streetNumber: maybeText,
  postalCode: maybeText,
  city: maybeText,
};

export const organizationLookupSchema = Type.Object(
  {
    ...lookupFields,
    reference: Type.Union([Type.String(), Type.Null()], {
      description: 'The finalised connection’s reference, when connected',
    }),
    customerReference: maybeText,
  },
  { title: 'OrganizationLookup' },
);
describes<Static<typeof organizationLookupSchema>, OrganizationLookup>();

export const ownOrganizationSchema = Type.Object(
  {
    ...lookupFields,
    connections: Type.Array(organizationLookupSchema, {
      description: 'Every organisation with a finalised connection to yours, either way, by name',
    }),
  },
  { title: 'OwnOrganization' },
);
describes<Static<typeof ownOrganizationSchema>, OwnOrganization>();

export const organizationLookupPageSchema = Type.Object(
  {
    total: Type.Integer(),
    limit: Type.Integer(),
    skip: Type.Integer(),
    data: Type.Array(organizationLookupSchema),
  },
  { title: 'OrganizationLookupPage' },
);

const lookupQuery = organizationQuerySchema.properties;
const said = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description });

/** The query fields a system's lookup takes, the very ones the service validates. */
export const organizationLookupQuerySchema = Type.Object(
  {
    id: said(lookupQuery.id, '`id=…`, or up to 100 as `id[$in]=…&id[$in]=…`'),
    address: said(
      lookupQuery.address,
      '`address=0x…`, or up to 100 as `address[$in]=0x…&address[$in]=0x…`, in any case',
    ),
    connected: said(
      lookupQuery.connected,
      '`connected=true`: the organisations with a finalised connection to yours, either way (releases spec §6), without your own; a terminal has none',
    ),
    search: said(
      lookupQuery.search,
      'With `connected`, `id` or `address`: only those whose name or VAT number holds this text (any case)',
    ),
    role: said(lookupQuery.role, 'Only organisations of this role'),
    $limit: said(lookupQuery.$limit, 'All that match by default (at most 100)'),
    $skip: lookupQuery.$skip,
  },
  { additionalProperties: false },
);
