import { evidenceBundleFileName, type EvidenceBundle } from '@scr/domain';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import { callBudget } from '../../auth/rate-limit.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { validateQuery } from '../../kit/validation.ts';
import { requireAuditTrailFeature } from '../audit-trail/audit-trail.ts';
import { EvidenceService } from './evidence.class.ts';
import { evidenceQuerySchema } from './evidence.schema.ts';
import { evidenceMethods, evidencePath } from './evidence.shared.ts';

export * from './evidence.shared.ts';

/** Exports per organisation and minute: each reads whole chains and may run the sequencer. */
export const evidenceExports = { limit: 20, windowMs: 60_000 };

const callerOrganization = (context: HookContext) => {
  const caller = context.params.user ?? context.params.apiKey;
  return caller ? `organization:${caller.organizationId}` : null;
};

/** REST answers the bundle as a file to keep: `Content-Disposition: attachment`. */
async function asAttachment(context: HookContext, next: NextFunction) {
  await next();
  const bundle = context.result as EvidenceBundle;
  const name = evidenceBundleFileName(bundle.scope, new Date(bundle.exportedAt));
  context.http = {
    ...context.http,
    headers: {
      ...context.http?.headers,
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  };
}

/**
 * Registers `ledger/evidence` (docs/ledger.md, "Evidence bundles"): signed-in people and
 * `releases:read` systems of an organisation that may read audit trails, 20 exports a minute per
 * organisation.
 */
export function evidence(app: Application): void {
  app.use(evidencePath, new EvidenceService(app), { methods: [...evidenceMethods], events: [] });
  app.service(evidencePath).hooks({
    around: {
      find: [
        requireSessionOrApiKey,
        requireScope('releases:read'),
        requireAuditTrailFeature,
        validateQuery(evidenceQuerySchema),
        callBudget(evidenceExports, callerOrganization),
        asAttachment,
      ],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [evidencePath]: EvidenceService;
  }
}
