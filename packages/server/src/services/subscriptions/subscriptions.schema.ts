import { Type, type Static } from '@feathersjs/typebox';

/** Access spec §9: the plan ids (11 lists, in its remark, the carriers to request releases from). */
export const planIds = [1, 2, 3, 4, 5, 10, 11] as const;

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
export type SubscriptionCreate = Static<typeof subscriptionCreateSchema>;

export const subscriptionPatchSchema = Type.Object(
  {
    endDate: Type.Optional(Type.Union([isoDate, Type.Null()])),
    remark: Type.Optional(remark),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type SubscriptionPatch = Static<typeof subscriptionPatchSchema>;

export const subscriptionQuerySchema = Type.Object(
  { organizationId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

/** A subscription as the admin section shows it (access spec §3 "Subscription"). */
export interface SubscriptionView {
  id: number;
  organizationId: number;
  subscriptionId: number;
  startDate: string;
  endDate: string | null;
  remark: string | null;
  /** Active today in Brussels (access spec §4 "Subscription access"). */
  active: boolean;
}
