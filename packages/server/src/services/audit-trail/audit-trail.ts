import { mayReadAuditTrail } from '@scr/domain';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import { AuditTrailService } from './audit-trail.class.ts';
import { auditTrailRequestSchema } from './audit-trail.schema.ts';
import { auditTrailMethods, auditTrailPath } from './audit-trail.shared.ts';

export * from './audit-trail.shared.ts';

/**
 * Releases spec §6: the audit trail needs canAuditTrail (the web shows the promotional frame);
 * terminal users read it in the terminal view whatever their plan (domain `mayReadAuditTrail`).
 * The evidence bundles, which are the trail as a file, take the same rule.
 */
export async function requireAuditTrailFeature(context: HookContext, next: NextFunction) {
  const caller = context.params.user ?? context.params.apiKey;
  if (
    context.params.provider &&
    !(caller && mayReadAuditTrail(caller.organizationRole, caller.features))
  ) {
    throw appError('subscription_required');
  }
  await next();
}

/**
 * Registers `audit-trail`: signed-in people of an organisation with canAuditTrail, and its
 * systems with a `releases:read` key (the same feature applies).
 */
export function auditTrail(app: Application): void {
  app.use(auditTrailPath, new AuditTrailService(app), {
    methods: [...auditTrailMethods],
    events: [],
  });
  app.service(auditTrailPath).hooks({
    around: {
      all: [requireSessionOrApiKey, requireScope('releases:read'), requireAuditTrailFeature],
      create: [validateBody(auditTrailRequestSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [auditTrailPath]: AuditTrailService;
  }
}
