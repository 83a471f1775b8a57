import { servicePaths } from '@scr/domain';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import { custodyGuard } from '../custody/custody.ts';
import {
  AssignmentCheckService,
  AssignmentInfoService,
  AssignmentService,
} from './assignment.class.ts';
import {
  assignmentApplySchema,
  assignmentDryRunSchema,
  assignmentQuerySchema,
} from './assignment.schema.ts';

/** `update` is `PUT` on the path itself: an id would name nothing here. */
async function noId(context: HookContext, next: NextFunction) {
  if (context.id !== null && context.id !== undefined) throw appError('method_not_allowed');
  await next();
}

/**
 * The two calls have a schema each (custody.ts `validateCustodyBody`): `dryRun: true` names the
 * releases; the second call carries them as signed, with the statement and its signature.
 */
async function validateAssignmentBody(context: HookContext, next: NextFunction) {
  const data = context.data as Record<string, unknown> | null;
  if (data?.dryRun === true) return validateBody(assignmentDryRunSchema)(context, next);
  const items = data?.releaseAddresses ?? data?.release_addresses;
  if (Array.isArray(items) && items.some((item) => typeof item === 'string')) {
    throw appError('validation_failed', {
      message: 'Each release of the second call names its address and version.',
      fields: { releaseAddresses: 'validation.required' },
    });
  }
  return validateBody(assignmentApplySchema)(context, next);
}

/**
 * Registers `releases/assignment/info`, `check`, `assign` and `unassign` (releases spec §7): PUT,
 * that is Feathers `update` without an id, over REST and socket.io alike; signed-in people of
 * their own organisation, or its systems with a `custody:write` key. Assign and unassign are
 * custody actions (DESIGN §3): the organisation's key signs, in the person's or the system's
 * own wallet.
 */
export function assignment(app: Application): void {
  const options = { methods: ['update' as const], events: [] };
  app.use(servicePaths.assignmentInfo, new AssignmentInfoService(app), options);
  app.use(servicePaths.assignmentCheck, new AssignmentCheckService(app), options);
  app.use(servicePaths.assign, new AssignmentService(app, 'assign'), options);
  app.use(servicePaths.unassign, new AssignmentService(app, 'unassign'), options);
  const query = [noId, ...custodyGuard, validateBody(assignmentQuerySchema)];
  app.service(servicePaths.assignmentInfo).hooks({ around: { update: query } });
  app.service(servicePaths.assignmentCheck).hooks({ around: { update: query } });
  const signed = [noId, ...custodyGuard, validateAssignmentBody];
  app.service(servicePaths.assign).hooks({ around: { update: signed } });
  app.service(servicePaths.unassign).hooks({ around: { update: signed } });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    'releases/assignment/info': AssignmentInfoService;
    'releases/assignment/check': AssignmentCheckService;
    'releases/assignment/assign': AssignmentService;
    'releases/assignment/unassign': AssignmentService;
  }
}
