import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { OrganizationsService } from './organizations.class.ts';
import {
  organizationCreateSchema,
  organizationPatchSchema,
  organizationQuerySchema,
} from './organizations.schema.ts';

export const organizationsPath = servicePaths.organizations;

/** Registers `organizations`: signed in; validated; the admin policy decides in the class. */
export function organizations(app: Application): void {
  app.use(organizationsPath, new OrganizationsService(app), {
    methods: ['find', 'get', 'create', 'patch'],
    events: [],
  });
  app.service(organizationsPath).hooks({
    around: {
      all: [requireSession],
      find: [addressListFromQueryString, validateQuery(organizationQuerySchema)],
      create: [validateBody(organizationCreateSchema)],
      patch: [validateBody(organizationPatchSchema)],
    },
  });
}

/**
 * A query string parses `address[$in][]=…` past 20 values into an object keyed by index (qs's
 * array limit); the lookup takes up to 100, so such an object is read back as the list it was.
 */
async function addressListFromQueryString(context: HookContext, next: NextFunction) {
  const address = context.params.query?.address as { $in?: unknown } | undefined;
  const listed = address?.$in;
  if (listed && typeof listed === 'object' && !Array.isArray(listed)) {
    const entries = Object.entries(listed);
    if (entries.every(([key]) => /^\d+$/.test(key))) {
      address!.$in = entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
    }
  }
  await next();
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [organizationsPath]: OrganizationsService;
  }
}
