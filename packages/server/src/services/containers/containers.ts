import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateQuery } from '../../kit/validation.ts';
import { ContainersService } from './containers.class.ts';
import { containersQuerySchema } from './containers.schema.ts';
import { containersMethods, containersPath } from './containers.shared.ts';

export * from './containers.shared.ts';

/** Registers `containers`: people (session) and machines (API key with `releases:read`). */
export function containers(app: Application): void {
  app.use(containersPath, new ContainersService(app), {
    methods: [...containersMethods],
    events: [],
  });
  app.service(containersPath).hooks({
    around: {
      all: [requireSessionOrApiKey, requireScope('releases:read')],
      find: [validateQuery(containersQuerySchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [containersPath]: ContainersService;
  }
}
