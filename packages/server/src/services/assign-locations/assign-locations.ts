import type { Params } from '@feathersjs/feathers';
import { servicePaths, type AssignLocation } from '@scr/domain';
import { authorize } from '../../auth/admin-policy.ts';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { assignLocations } from '../../overview/assign-locations.ts';

export const assignLocationsPath = servicePaths.assignLocations;

/**
 * `assign-locations` find (releases spec §2 "pickupMethod", §3 "assignLocationLabel"): every
 * assign location, its labels in the five languages, its order and its terminals, in display
 * order; every signed-in user reads them, as the terminals they group.
 */
export class AssignLocationsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<AssignLocation[]> {
    authorize(params, 'terminal.read');
    return assignLocations(this.app.get('knex'));
  }
}

export function assignLocationsService(app: Application): void {
  app.use(assignLocationsPath, new AssignLocationsService(app), { methods: ['find'], events: [] });
  app.service(assignLocationsPath).hooks({ around: { all: [requireSession] } });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [assignLocationsPath]: AssignLocationsService;
  }
}
