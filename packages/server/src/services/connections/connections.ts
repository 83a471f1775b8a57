import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { ConnectionsService } from './connections.class.ts';
import {
  connectionCreateSchema,
  connectionPatchSchema,
  connectionQuerySchema,
} from './connections.schema.ts';

export const connectionsPath = servicePaths.connections;

export function connections(app: Application): void {
  app.use(connectionsPath, new ConnectionsService(app), {
    methods: ['find', 'get', 'create', 'patch', 'remove'],
    events: [],
  });
  app.service(connectionsPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(connectionQuerySchema)],
      create: [validateBody(connectionCreateSchema)],
      patch: [validateBody(connectionPatchSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [connectionsPath]: ConnectionsService;
  }
}
