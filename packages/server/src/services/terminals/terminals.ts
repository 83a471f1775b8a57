import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { TerminalsService } from './terminals.class.ts';
import {
  terminalCreateSchema,
  terminalPatchSchema,
  terminalQuerySchema,
} from './terminals.schema.ts';

export const terminalsPath = servicePaths.terminals;

export function terminals(app: Application): void {
  app.use(terminalsPath, new TerminalsService(app), {
    methods: ['find', 'get', 'create', 'patch'],
    events: [],
  });
  app.service(terminalsPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(terminalQuerySchema)],
      create: [validateBody(terminalCreateSchema)],
      patch: [validateBody(terminalPatchSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [terminalsPath]: TerminalsService;
  }
}
