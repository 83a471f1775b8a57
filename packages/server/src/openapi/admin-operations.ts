import { StringEnum, Type, type Static } from '@feathersjs/typebox';
import { apiKeyScopes, servicePaths, type ApiKeyView, type CreatedApiKey } from '@scr/domain';
import { apiKeyCreateSchema, apiKeyQuerySchema } from '../services/api-keys/api-keys.schema.ts';
import type { ApiOperation } from './api-operation.ts';
import { describes } from './answer-schemas.ts';

/**
 * The API keys themselves (DESIGN §4 "carriers' systems"; `services/api-keys/`): an
 * organisation admin makes, lists and revokes its organisation's keys with a signed-in session
 * (Administration → API keys in the portal does the same), support those of any organisation.
 * A key never manages keys: each of these operations refuses an API key (401).
 */

const apiKeyFields = {
  id: Type.Integer({ description: 'What `revokeApiKey` takes' }),
  organizationId: Type.Integer(),
  organizationName: Type.String(),
  name: Type.String({ description: 'Shown in the audit trail for everything the key does' }),
  prefix: Type.String({ description: 'The key’s public part: `scr_<prefix>_…`' }),
  scopes: Type.Array(StringEnum([...apiKeyScopes])),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When it was revoked: from then on it authenticates nothing',
  }),
};

export const apiKeySchema = Type.Object(apiKeyFields, { title: 'ApiKey' });
describes<Static<typeof apiKeySchema>, ApiKeyView>();

export const createdApiKeySchema = Type.Object(
  {
    ...apiKeyFields,
    key: Type.String({
      description:
        'The whole key, `scr_<prefix>_<secret>`, answered this once: the portal keeps only a salted hash. Send it as `Authorization: ApiKey scr_<prefix>_<secret>`.',
    }),
  },
  { title: 'CreatedApiKey' },
);
describes<Static<typeof createdApiKeySchema>, CreatedApiKey>();

export const apiKeyPageSchema = Type.Object(
  {
    total: Type.Integer(),
    limit: Type.Integer(),
    skip: Type.Integer(),
    data: Type.Array(apiKeySchema),
  },
  { title: 'ApiKeyPage' },
);

/** The body as the service validates it, with what each member means. */
export const apiKeyCreateBody = Type.Object(
  {
    organizationId: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: 'Support only: the organisation the key is for. An admin’s key is its own’s.',
      }),
    ),
    name: Type.String({
      ...apiKeyCreateSchema.properties.name,
      description: 'What the audit trail calls the key (`apiKeyName`)',
    }),
    scopes: Type.Array(StringEnum([...apiKeyScopes]), {
      ...apiKeyCreateSchema.properties.scopes,
      description:
        'What the key may do: each operation names the scopes it needs. `custody:write` acts on custody, each action signed in your own wallet.',
    }),
  },
  { additionalProperties: false, title: 'ApiKeyCreate' },
);

export const adminSchemas = {
  ApiKey: apiKeySchema,
  CreatedApiKey: createdApiKeySchema,
  ApiKeyPage: apiKeyPageSchema,
  ApiKeyCreate: apiKeyCreateBody,
};

const adminOnly =
  'An organisation admin’s signed-in session (support: any organisation’s); an API key is refused.';

export const adminOperations: readonly ApiOperation[] = [
  {
    id: 'createApiKey',
    service: servicePaths.apiKeys,
    method: 'create',
    tag: 'API keys',
    summary: 'Make an API key for your organisation, with its name and scopes',
    description: `${adminOnly} The answer holds the whole key (\`key\`) once; store it in your system. The ledger records it as the actor of everything it does (\`api-key:<id>\`) and the audit trail shows its name.`,
    scopes: [],
    sessionOnly: true,
    body: apiKeyCreateBody,
    answer: createdApiKeySchema,
  },
  {
    id: 'listApiKeys',
    service: servicePaths.apiKeys,
    method: 'find',
    tag: 'API keys',
    summary: 'Your organisation’s API keys, newest first (revoked ones too, unless asked not to)',
    description: `${adminOnly} Never the secret: only each key’s \`prefix\`.`,
    scopes: [],
    sessionOnly: true,
    query: apiKeyQuerySchema,
    answer: apiKeyPageSchema,
  },
  {
    id: 'revokeApiKey',
    service: servicePaths.apiKeys,
    method: 'remove',
    withId: true,
    idDescription: 'The key’s `id`',
    tag: 'API keys',
    summary: 'Revoke an API key: it stops authenticating at once and stays listed',
    description: `${adminOnly} Revoking a revoked key answers it as it is. Another organisation’s key is not found (404), as one that does not exist.`,
    scopes: [],
    sessionOnly: true,
    answer: apiKeySchema,
  },
];
