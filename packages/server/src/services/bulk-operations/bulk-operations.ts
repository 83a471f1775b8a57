import { bulkPermission } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import { BulkClassificationsService, BulkFilesService } from './bulk-operations.class.ts';
import { bulkClassifySchema } from './bulk-operations.schema.ts';
import { bulkClassificationsPath, bulkFilesPath } from './bulk-operations.shared.ts';

export * from './bulk-operations.shared.ts';

/**
 * Releases spec §6: bulk operations are for non-carriers with canBulkOperations (domain
 * `bulkPermission`): a carrier or terminal gets 403 `forbidden`, an organisation without the
 * feature 403 `subscription_required`.
 */
async function mayBulk(context: HookContext, next: NextFunction) {
  const user = context.params.user;
  if (!user) throw appError('not_authenticated');
  const permission = bulkPermission(user.organizationRole, user.features);
  if (permission === 'forbidden') throw appError('forbidden');
  if (permission === 'subscriptionRequired') throw appError('subscription_required');
  await next();
}

/** Keeps a file's bytes (in the call's params) and its pairs out of service events. */
async function noEvent(context: HookContext, next: NextFunction) {
  await next();
  context.event = null;
}

/**
 * Registers the bulk operations (issue 13 item 1): signed-in people only (the actions that
 * follow are signed by their wallet), create only, no events. The actions themselves are the
 * custody services' two calls over the eligible releases (one statement for the whole batch).
 */
export function bulkOperations(app: Application): void {
  app.use(bulkFilesPath, new BulkFilesService(), { methods: ['create'], events: [] });
  app.service(bulkFilesPath).hooks({ around: { create: [noEvent, requireSession, mayBulk] } });
  app.use(bulkClassificationsPath, new BulkClassificationsService(app), {
    methods: ['create'],
    events: [],
  });
  app.service(bulkClassificationsPath).hooks({
    around: {
      create: [noEvent, requireSession, mayBulk, validateBody(bulkClassifySchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [bulkFilesPath]: BulkFilesService;
    [bulkClassificationsPath]: BulkClassificationsService;
  }
}
