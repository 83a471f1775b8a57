import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateQuery } from '../../kit/validation.ts';
import { SecurePickupContainersService } from './secure-pickup-containers.class.ts';
import { securePickupContainersQuerySchema } from './secure-pickup-containers.schema.ts';

export const securePickupContainersPath = servicePaths.securePickupContainers;

/** Registers the terminal view's list (access spec §7 "Terminal"): find, signed-in people. */
export function securePickupContainers(app: Application): void {
  app.use(securePickupContainersPath, new SecurePickupContainersService(app), {
    methods: ['find'],
    events: [],
  });
  app.service(securePickupContainersPath).hooks({
    around: { find: [requireSession, validateQuery(securePickupContainersQuerySchema)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [securePickupContainersPath]: SecurePickupContainersService;
  }
}
