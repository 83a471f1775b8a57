import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody } from '../../kit/validation.ts';
import { PreferencesService } from './preferences.class.ts';
import { preferencesChangeSchema } from './preferences.schema.ts';
import { preferencesMethods, preferencesPath } from './preferences.shared.ts';

export * from './preferences.shared.ts';

/** Registers `preferences`: each signed-in user reads and saves their own. */
export function preferences(app: Application): void {
  app.use(preferencesPath, new PreferencesService(app), {
    methods: [...preferencesMethods],
    events: [],
  });
  app.service(preferencesPath).hooks({
    around: {
      all: [requireSession],
      create: [validateBody(preferencesChangeSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [preferencesPath]: PreferencesService;
  }
}
