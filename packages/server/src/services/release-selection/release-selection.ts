import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody } from '../../kit/validation.ts';
import { ReleaseSelectionService } from './release-selection.class.ts';
import { releaseSelectionSchema } from './release-selection.schema.ts';
import { releaseSelectionMethods, releaseSelectionPath } from './release-selection.shared.ts';

export * from './release-selection.shared.ts';

/**
 * Registers `release-selection`: people (session) and machines (API key with `releases:read`),
 * who read the same releases through `containers` find.
 */
export function releaseSelection(app: Application): void {
  app.use(releaseSelectionPath, new ReleaseSelectionService(app), {
    methods: [...releaseSelectionMethods],
    events: [],
  });
  app.service(releaseSelectionPath).hooks({
    around: {
      all: [requireSessionOrApiKey, requireScope('releases:read')],
      create: [validateBody(releaseSelectionSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [releaseSelectionPath]: ReleaseSelectionService;
  }
}
