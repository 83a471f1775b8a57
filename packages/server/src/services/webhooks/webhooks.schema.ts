import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  webhookDeliveryStatuses,
  webhookEventTypes,
  type WebhookDeliveryQuery,
  type WebhookEndpointCreate,
  type WebhookEndpointPatch,
  type WebhookRedeliveryCreate,
} from '@scr/domain';
import { pagingProperties } from '../../kit/paging.ts';

const eventTypes = Type.Array(StringEnum([...webhookEventTypes]), {
  minItems: 1,
  uniqueItems: true,
});

export const webhookEndpointCreateSchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2000 }),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    eventTypes,
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof webhookEndpointCreateSchema>, WebhookEndpointCreate>();

export const webhookEndpointPatchSchema = Type.Object(
  {
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    description: Type.Optional(Type.String({ maxLength: 200 })),
    eventTypes: Type.Optional(eventTypes),
    active: Type.Optional(Type.Boolean()),
    rotateSecret: Type.Optional(Type.Boolean()),
    endSecretOverlap: Type.Optional(Type.Boolean()),
    resume: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof webhookEndpointPatchSchema>, WebhookEndpointPatch>();

export const webhookEndpointQuerySchema = Type.Object(
  { organizationId: Type.Optional(Type.Integer({ minimum: 1 })), ...pagingProperties },
  { additionalProperties: false },
);
export type WebhookEndpointQuery = Static<typeof webhookEndpointQuerySchema>;

export const webhookDeliveryQuerySchema = Type.Object(
  {
    endpointId: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(StringEnum([...webhookDeliveryStatuses])),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof webhookDeliveryQuerySchema>, WebhookDeliveryQuery>();

export const webhookRedeliveryCreateSchema = Type.Object(
  { deliveryId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
assertSameType<Static<typeof webhookRedeliveryCreateSchema>, WebhookRedeliveryCreate>();
