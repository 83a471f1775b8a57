import { servicePaths, signInLimits, type ItsmeConfirmAnswer } from '@scr/domain';
import type { Params } from '@feathersjs/feathers';
import { callerKey, failureBudget } from '../../auth/rate-limit.ts';
import type { Application } from '../../declarations.ts';
import { registerItsme } from '../../itsme/itsme-registration.ts';

export const itsmeConfirmPath = servicePaths.itsmeConfirm;

/**
 * `POST /api/driver/itsme {itsmeCode}` with `Authorization: Bearer <state>` (access spec §7
 * "Transporters"): public, the state of the registration link is the only credential.
 */
export class ItsmeConfirmService {
  constructor(private readonly app: Application) {}

  async create(data: { itsmeCode?: unknown }, params: Params = {}): Promise<ItsmeConfirmAnswer> {
    // parseAuthentication reads `Authorization: Bearer <state>` as a jwt strategy's accessToken;
    // no hook verifies it as a JWT here: it is the state, checked against the stored hash.
    const state = (params.authentication as { accessToken?: unknown } | undefined)?.accessToken;
    return registerItsme(this.app, { state, code: data?.itsmeCode });
  }
}

export function itsmeConfirm(app: Application): void {
  app.use(itsmeConfirmPath, new ItsmeConfirmService(app), { methods: ['create'], events: [] });
  // Guessing states is pointless (32 random bytes), but failed attempts are limited per address.
  app.service(itsmeConfirmPath).hooks({
    around: { create: [failureBudget(signInLimits.itsmeFailuresPerClient, callerKey)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [itsmeConfirmPath]: ItsmeConfirmService;
  }
}
