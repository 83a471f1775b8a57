import { servicePaths } from '@scr/domain';
import { apiKeyScopes } from '../../auth/api-key-scopes.ts';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { ApiKeysService } from './api-keys.class.ts';
import { apiKeyCreateSchema, apiKeyQuerySchema } from './api-keys.schema.ts';

export const apiKeysPath = servicePaths.apiKeys;
export const apiKeyScopesPath = servicePaths.apiKeyScopes;

/** `GET /api/api-key-scopes`: the scopes a key may carry, so the admin section offers exactly these. */
export class ApiKeyScopesService {
  async find() {
    return [...apiKeyScopes];
  }
}

export function apiKeys(app: Application): void {
  app.use(apiKeysPath, new ApiKeysService(app), {
    methods: ['find', 'create', 'remove'],
    events: [],
  });
  app.service(apiKeysPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(apiKeyQuerySchema)],
      create: [validateBody(apiKeyCreateSchema)],
    },
  });
  app.use(apiKeyScopesPath, new ApiKeyScopesService(), { methods: ['find'], events: [] });
  app.service(apiKeyScopesPath).hooks({ around: { all: [requireSession] } });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [apiKeysPath]: ApiKeysService;
    [apiKeyScopesPath]: ApiKeyScopesService;
  }
}
