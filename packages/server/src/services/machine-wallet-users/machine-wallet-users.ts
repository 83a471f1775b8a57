import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { MachineWalletUsersService } from './machine-wallet-users.class.ts';
import {
  machineWalletUserCreateSchema,
  machineWalletUserQuerySchema,
} from './machine-wallet-users.schema.ts';

export const machineWalletUsersPath = servicePaths.machineWalletUsers;

/** Registers `machine-wallet-users`: people only (an admin, or support), like `api-keys`. */
export function machineWalletUsers(app: Application): void {
  app.use(machineWalletUsersPath, new MachineWalletUsersService(app), {
    methods: ['find', 'create', 'remove'],
    events: [],
  });
  app.service(machineWalletUsersPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(machineWalletUserQuerySchema)],
      create: [validateBody(machineWalletUserCreateSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [machineWalletUsersPath]: MachineWalletUsersService;
  }
}
