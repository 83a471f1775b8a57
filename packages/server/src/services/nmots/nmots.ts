import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody } from '../../kit/validation.ts';
import { NmotsService } from './nmots.class.ts';
import { nmotRequestSchema } from './nmots.schema.ts';
import { nmotsMethods, nmotsPath } from './nmots.shared.ts';

export * from './nmots.shared.ts';

/** Registers `nmots`: signed-in people set the next mode of transport of their releases. */
export function nmots(app: Application): void {
  app.use(nmotsPath, new NmotsService(app), { methods: [...nmotsMethods], events: [] });
  app.service(nmotsPath).hooks({
    around: { create: [requireSession, validateBody(nmotRequestSchema)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [nmotsPath]: NmotsService;
  }
}
