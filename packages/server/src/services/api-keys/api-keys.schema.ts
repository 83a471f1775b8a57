import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import { apiKeyScopes, type ApiKeyScope } from '../../auth/api-key-scopes.ts';
import { pagingProperties } from '../admin-common/paging.ts';

export const apiKeyCreateSchema = Type.Object(
  {
    /** Support names the organisation; an admin makes keys for its own. */
    organizationId: Type.Optional(Type.Integer({ minimum: 1 })),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    scopes: Type.Array(StringEnum([...apiKeyScopes]), { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type ApiKeyCreate = Static<typeof apiKeyCreateSchema>;

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

/** An API key as listed: never the key itself, only the prefix that names it. */
export interface ApiKeyView {
  id: number;
  organizationId: number;
  organizationName: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** The answer to creating a key: the only time `key` is ever shown. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}
