import { servicePaths, type PortView } from '@scr/domain';
import type { Params } from '@feathersjs/feathers';
import { authorize } from '../../auth/admin-policy.ts';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';

export const portsPath = servicePaths.ports;

export type { PortView };

/** `ports` (releases spec §7 "ports find: sorted by name"): every signed-in user reads them. */
export class PortsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<PortView[]> {
    authorize(params, 'port.read');
    return this.app
      .get('knex')('ports')
      .select('locode', 'name', 'country')
      .orderByRaw('lower(name), locode');
  }
}

export function ports(app: Application): void {
  app.use(portsPath, new PortsService(app), { methods: ['find'], events: [] });
  app.service(portsPath).hooks({ around: { all: [requireSession] } });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [portsPath]: PortsService;
  }
}
