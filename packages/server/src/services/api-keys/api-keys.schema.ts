import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import { apiKeyScopes } from '../../auth/api-key-scopes.ts';
import { pagingProperties } from '../../kit/paging.ts';
import {
  assertSameType,
  type ApiKeyCreate,
  type ApiKeyView,
  type CreatedApiKey,
} from '@scr/domain';

export const apiKeyCreateSchema = Type.Object(
  {
    /** Support names the organisation; an admin makes keys for its own. */
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(StringEnum([...apiKeyScopes]), { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof apiKeyCreateSchema>, ApiKeyCreate>();

export const apiKeyQuerySchema = Type.Object(
  {
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** Revoked keys are listed too unless this is false. */
    includeRevoked: Type.Optional(Type.Boolean()),
    ...pagingProperties,
  },
  { additionalProperties: false },
);
export type ApiKeyQuery = Static<typeof apiKeyQuerySchema>;

/** The contract's shapes (domain `api/`), under the names this service's code uses. */
export type { ApiKeyCreate, ApiKeyView, CreatedApiKey };
