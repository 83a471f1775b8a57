import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  planIds,
  type SubscriptionCreate,
  type SubscriptionPatch,
  type SubscriptionView,
} from '@scr/domain';

const isoDate = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const remark = Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]);

export const subscriptionCreateSchema = Type.Object(
  {
    organizationId: Type.Integer({ minimum: 1 }),
    subscriptionId: Type.Union(planIds.map((id) => Type.Literal(id))),
    startDate: isoDate,
    endDate: Type.Optional(Type.Union([isoDate, Type.Null()])),
    remark: Type.Optional(remark),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof subscriptionCreateSchema>, SubscriptionCreate>();

export const subscriptionPatchSchema = Type.Object(
  {
    endDate: Type.Optional(Type.Union([isoDate, Type.Null()])),
    remark: Type.Optional(remark),
  },
  { additionalProperties: false, minProperties: 1 },
);
assertSameType<Static<typeof subscriptionPatchSchema>, SubscriptionPatch>();

export const subscriptionQuerySchema = Type.Object(
  { organizationId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

/** The contract's shapes (domain `api/`), under the names this service's code uses. */
export type { SubscriptionCreate, SubscriptionPatch, SubscriptionView };
