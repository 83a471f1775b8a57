import { servicePaths } from '@scr/domain';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import { custodyGuard } from '../custody/custody.ts';
import { PcsReportsService, PcsService } from './pcs.class.ts';
import { pcsApplySchema, pcsDryRunSchema } from './pcs.schema.ts';

/** `update` is `PUT` on the path itself: an id would name nothing here. */
async function noId(context: HookContext, next: NextFunction) {
  if (context.id !== null && context.id !== undefined) throw appError('method_not_allowed');
  await next();
}

/** The two calls have a schema each: the dry run names releases; the second signs them. */
async function validatePcsBody(context: HookContext, next: NextFunction) {
  const data = context.data as Record<string, unknown> | null;
  if (data?.dryRun === true) return validateBody(pcsDryRunSchema)(context, next);
  const items = data?.releaseAddresses ?? data?.release_addresses;
  if (Array.isArray(items) && items.some((item) => typeof item === 'string')) {
    throw appError('validation_failed', {
      message: 'Each release of the second call names its address and version.',
      fields: { releaseAddresses: 'validation.required' },
    });
  }
  return validateBody(pcsApplySchema)(context, next);
}

/**
 * Registers `releases/pcs/transferToPcs` and `revokeFromPcs` (releases spec §7: PUT, Feathers
 * `update` without an id) and `releases/pcs/reports` (get). Like every custody service
 * (`custodyGuard`, DESIGN §3 "Who signs"): a signed-in person, or a system with an API key of
 * scope `custody:write` whose own wallet user signs the PCS statement with the organisation key.
 */
export function pcs(app: Application): void {
  const options = { methods: ['update' as const], events: [] };
  app.use(servicePaths.transferToPcs, new PcsService(app, 'transferToPcs'), options);
  app.use(servicePaths.revokeFromPcs, new PcsService(app, 'revokeFromPcs'), options);
  app.use(servicePaths.pcsReports, new PcsReportsService(app), { methods: ['get'], events: [] });
  const signed = [noId, ...custodyGuard, validatePcsBody];
  app.service(servicePaths.transferToPcs).hooks({ around: { update: signed } });
  app.service(servicePaths.revokeFromPcs).hooks({ around: { update: signed } });
  app.service(servicePaths.pcsReports).hooks({ around: { get: custodyGuard } });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    'releases/pcs/transferToPcs': PcsService;
    'releases/pcs/revokeFromPcs': PcsService;
    'releases/pcs/reports': PcsReportsService;
  }
}
