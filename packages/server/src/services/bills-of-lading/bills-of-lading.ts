import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateQuery } from '../../kit/validation.ts';
import { BillsOfLadingService } from './bills-of-lading.class.ts';
import { billsOfLadingQuerySchema } from './bills-of-lading.schema.ts';
import { billsOfLadingMethods, billsOfLadingPath } from './bills-of-lading.shared.ts';

export * from './bills-of-lading.shared.ts';

/** Registers `bills-of-lading`: people (session) and machines (API key with `releases:read`). */
export function billsOfLading(app: Application): void {
  app.use(billsOfLadingPath, new BillsOfLadingService(app), {
    methods: [...billsOfLadingMethods],
    events: [],
  });
  app.service(billsOfLadingPath).hooks({
    around: {
      all: [requireSessionOrApiKey, requireScope('releases:read')],
      find: [validateQuery(billsOfLadingQuerySchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [billsOfLadingPath]: BillsOfLadingService;
  }
}
