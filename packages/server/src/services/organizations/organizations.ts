import { servicePaths } from '@scr/domain';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
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

/**
 * Registers `organizations`: signed in (or, for the releases area's lookups, a system's key);
 * validated; the admin policy and the lookups' reach (`lookup-reach.ts`) decide in the class.
 */
export function organizations(app: Application): void {
  app.use(organizationsPath, new OrganizationsService(app), {
    methods: ['find', 'get', 'create', 'patch'],
    events: [],
  });
  app.service(organizationsPath).hooks({
    around: {
      // The releases area's lookups (get 0, find by ids or addresses) are open to a system's
      // `releases:read` key too (releases spec §7); everything else needs a person.
      find: [
        requireSessionOrApiKey,
        requireScope('releases:read'),
        lookupListsFromQueryString,
        validateQuery(organizationQuerySchema),
      ],
      get: [requireSessionOrApiKey, requireScope('releases:read')],
      create: [requireSession, validateBody(organizationCreateSchema)],
      patch: [requireSession, validateBody(organizationPatchSchema)],
    },
  });
}

/**
 * A query string parses `address[$in][]=…` past 20 values into an object keyed by index (qs's
 * array limit); the lookup takes up to 100, so such an object is read back as the list it was.
 */
async function lookupListsFromQueryString(context: HookContext, next: NextFunction) {
  for (const field of ['address', 'id']) {
    const list = context.params.query?.[field] as { $in?: unknown } | undefined;
    const listed = list?.$in;
    if (listed && typeof listed === 'object' && !Array.isArray(listed)) {
      const entries = Object.entries(listed);
      if (entries.every(([key]) => /^\d+$/.test(key))) {
        list!.$in = entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, value]) => value);
      }
    }
  }
  await next();
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [organizationsPath]: OrganizationsService;
  }
}
