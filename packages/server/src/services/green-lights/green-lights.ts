import { servicePaths } from '@scr/domain';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import { PortStatusEventsService } from './green-lights.class.ts';
import { portStatusEventsSchema } from './green-lights.schema.ts';

/**
 * DESIGN §4: the port's status system calls with an API key of scope `port-status:write`; a
 * person's session gets a clear 403 (no person posts port status).
 */
async function requirePortStatusKey(context: HookContext, next: NextFunction) {
  if (context.params.provider && !context.params.apiKey) {
    throw appError('forbidden', {
      message: "The port's status system calls with an API key (scope port-status:write).",
    });
  }
  await next();
}

/** Registers `port-status/events`: create only, API keys with `port-status:write`. */
export function greenLights(app: Application): void {
  app.use(servicePaths.portStatusEvents, new PortStatusEventsService(app), {
    methods: ['create'],
    events: [],
  });
  app.service(servicePaths.portStatusEvents).hooks({
    around: {
      create: [
        requireSessionOrApiKey,
        requirePortStatusKey,
        requireScope('port-status:write'),
        validateBody(portStatusEventsSchema),
      ],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    'port-status/events': PortStatusEventsService;
  }
}
