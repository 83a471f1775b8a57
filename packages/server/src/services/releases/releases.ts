import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { carrierActorOf } from '../../releases/release-actor.ts';
import { validateBody, validated } from '../../kit/validation.ts';
import { ReleasesService } from './releases.class.ts';
import {
  releaseCreateManySchema,
  releaseCreateSchema,
  releaseManyQuerySchema,
  releasePatchSchema,
} from './releases.schema.ts';
import { releasesMethods, releasesPath } from './releases.shared.ts';

export * from './releases.shared.ts';

/** Carriers only (releases spec §6); checked before the body, so others learn nothing more. */
async function requireCarrier(context: HookContext, next: NextFunction) {
  if (context.params.provider) carrierActorOf(context.params);
  await next();
}

/**
 * A pincode sent in clear never goes further than sealing (DESIGN §3): once the call is done the
 * event's context (which the service's event listeners see) carries the payload without it.
 */
async function forgetPincodes(context: HookContext, next: NextFunction) {
  try {
    await next();
  } finally {
    const forget = (item: unknown) => {
      const container = (item as { container?: unknown } | null)?.container;
      // The body may be anything here (this runs after a refused validation too).
      if (!container || typeof container !== 'object' || !('pincode' in container)) return item;
      const { pincode: _pincode, ...rest } = container as Record<string, unknown>;
      return { ...(item as object), container: rest };
    };
    context.data = Array.isArray(context.data) ? context.data.map(forget) : forget(context.data);
  }
}

/** One release or an array; array errors are named by index (`0.container.validFrom`). */
async function validateCreate(context: HookContext, next: NextFunction) {
  const schema = Array.isArray(context.data) ? releaseCreateManySchema : releaseCreateSchema;
  context.data = await validated(schema as never, context.data);
  await next();
}

/** `patch` and `remove` without id name their releases in the query. */
async function validateManyQuery(context: HookContext, next: NextFunction) {
  if (context.id === null || context.id === undefined) {
    context.params.query = await validated(releaseManyQuerySchema, context.params.query ?? {});
  }
  await next();
}

/** Registers `releases`: people (session) and carriers' systems (API key with scopes). */
export function releases(app: Application): void {
  app.use(releasesPath, new ReleasesService(app), { methods: [...releasesMethods], events: [] });
  app.service(releasesPath).hooks({
    around: {
      all: [requireSessionOrApiKey],
      get: [requireScope('releases:read')],
      create: [forgetPincodes, requireScope('releases:write'), requireCarrier, validateCreate],
      patch: [
        requireScope('releases:write'),
        requireCarrier,
        validateBody(releasePatchSchema),
        validateManyQuery,
      ],
      remove: [requireScope('releases:write'), requireCarrier, validateManyQuery],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [releasesPath]: ReleasesService;
  }
}
