import { servicePaths } from '@scr/domain';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import { GateChecksService, GateOutsService } from './gate.class.ts';
import { gateCheckSchema, gateOutSchema } from './gate.schema.ts';

export const gateChecksPath = servicePaths.gateChecks;
export const gateOutsPath = servicePaths.gateOuts;

/**
 * DESIGN §3: the gate is the terminal's machine, calling with an API key of scope `gate:write`;
 * a person's session gets a clear 403 (no person stands at our gate API).
 */
async function requireGateKey(context: HookContext, next: NextFunction) {
  if (context.params.provider && !context.params.apiKey) {
    throw appError('forbidden', {
      message: 'The gate calls with an API key of the terminal organisation (scope gate:write).',
    });
  }
  await next();
}

/** Registers `gate-checks` and `gate-outs`: create only, API keys with `gate:write`. */
export function gate(app: Application): void {
  app.use(gateChecksPath, new GateChecksService(app), { methods: ['create'], events: [] });
  app.use(gateOutsPath, new GateOutsService(app), { methods: ['create'], events: [] });
  const guard = [requireSessionOrApiKey, requireGateKey, requireScope('gate:write')];
  app.service(gateChecksPath).hooks({
    around: { create: [...guard, validateBody(gateCheckSchema)] },
  });
  app.service(gateOutsPath).hooks({
    around: { create: [...guard, validateBody(gateOutSchema)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [gateChecksPath]: GateChecksService;
    [gateOutsPath]: GateOutsService;
  }
}
