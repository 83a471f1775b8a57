import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { validateBody, validateQuery } from '../admin-common/validation.ts';
import { OrganizationsService } from './organizations.class.ts';
import {
  organizationCreateSchema,
  organizationPatchSchema,
  organizationQuerySchema,
} from './organizations.schema.ts';

export const organizationsPath = 'organizations';

/** Registers `organizations`: signed in; validated; the admin policy decides in the class. */
export function organizations(app: Application): void {
  app.use(organizationsPath, new OrganizationsService(app), {
    methods: ['find', 'get', 'create', 'patch'],
    events: [],
  });
  app.service(organizationsPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(organizationQuerySchema)],
      create: [validateBody(organizationCreateSchema)],
      patch: [validateBody(organizationPatchSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [organizationsPath]: OrganizationsService;
  }
}
