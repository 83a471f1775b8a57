import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  maxOrderOrganizations,
  orderStatuses,
  premiumLocations,
  type OrderCreate,
  type OrderPatch,
  type OrderQuery,
  type OrderView,
} from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';

/**
 * `orders` create: shapes only (types and lengths). The rules of access spec §5 "Order" are
 * domain `validateOrder`, which answers each field with its own message; a flavour, location or
 * frequency is therefore any short text here.
 */
export const orderCreateSchema = Type.Object(
  {
    organizationIds: Type.Array(Type.Integer({ minimum: 1 }), {
      maxItems: maxOrderOrganizations * 2,
    }),
    flavor: Type.String({ maxLength: 40 }),
    locations: Type.Array(Type.String({ maxLength: 10 }), {
      maxItems: premiumLocations.length * 2,
    }),
    invoiceOrganizationId: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
    invoiceEmail: Type.String({ maxLength: 254 }),
    invoiceFrequency: Type.String({ maxLength: 20 }),
    po: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    eulaAccepted: Type.Boolean(),
    fee: Type.Integer({ minimum: 0, maximum: 1_000_000 }),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof orderCreateSchema>, OrderCreate>();

export const orderPatchSchema = Type.Object(
  { status: StringEnum(['converted', 'cancelled']) },
  { additionalProperties: false },
);
assertSameType<Static<typeof orderPatchSchema>, OrderPatch>();

export const orderQuerySchema = Type.Object(
  { status: Type.Optional(StringEnum([...orderStatuses])), ...pagingProperties },
  { additionalProperties: false },
);
assertSameType<Static<typeof orderQuerySchema>, OrderQuery>();

export type { OrderCreate, OrderPatch, OrderQuery, OrderView };
