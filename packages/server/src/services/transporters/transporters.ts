import { assignmentFeatures, servicePaths, type TransporterType } from '@scr/domain';
import type { TObject } from '@feathersjs/typebox';
import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { transporterKinds } from './transporter-kinds.ts';
import { TransporterService } from './transporters.class.ts';
import {
  bargeInputSchema,
  bargePatchSchema,
  driverInputSchema,
  driverPatchSchema,
  trainInputSchema,
  trainPatchSchema,
  transporterQuerySchema,
} from './transporters.schema.ts';

export const transporterMethods = ['find', 'get', 'create', 'patch'] as const;

/**
 * Access spec §2 and §6: drivers, barges and trains are for people of a transport organisation
 * (neither carrier nor terminal), each kind behind its flag (canAssignDriver, canAssignBarge,
 * canAssignTrain); machines get 403 like a missing role.
 */
function requireTransporterAccess(type: TransporterType) {
  return async (context: HookContext, next: NextFunction) => {
    if (context.params.provider) {
      const user = context.params.user;
      if (!user || user.organizationRole !== 'other') throw appError('forbidden');
      if (!user.features[assignmentFeatures[type]]) throw appError('subscription_required');
    }
    await next();
  };
}

const services = [
  {
    type: 'driver',
    path: servicePaths.drivers,
    create: driverInputSchema,
    patch: driverPatchSchema,
  },
  { type: 'barge', path: servicePaths.barges, create: bargeInputSchema, patch: bargePatchSchema },
  { type: 'train', path: servicePaths.trains, create: trainInputSchema, patch: trainPatchSchema },
] as const satisfies { type: TransporterType; path: string; create: TObject; patch: TObject }[];

/** Registers `drivers`, `barges` and `trains` (access spec §7 "Transporters"). */
export function transporters(app: Application): void {
  for (const service of services) {
    app.use(service.path, new TransporterService(app, transporterKinds[service.type]), {
      methods: [...transporterMethods],
      events: [],
    });
    app.service(service.path).hooks({
      around: {
        all: [requireSession, requireTransporterAccess(service.type)],
        find: [validateQuery(transporterQuerySchema)],
        create: [validateBody(service.create)],
        patch: [validateBody(service.patch)],
      },
    });
  }
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [servicePaths.drivers]: TransporterService;
    [servicePaths.barges]: TransporterService;
    [servicePaths.trains]: TransporterService;
  }
}
