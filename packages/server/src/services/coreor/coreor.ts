import { aperakInterchange, coreorMediaTypes, servicePaths, type CoreorAnswer } from '@scr/domain';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { validateBody } from '../../kit/validation.ts';
import { carrierActorOf } from '../../releases/release-actor.ts';
import { aperakControlReference, prefersEdifact } from './coreor-body.ts';
import { CoreorService } from './coreor.class.ts';
import { coreorUploadSchema } from './coreor.schema.ts';

export const coreorPath = servicePaths.coreor;

/**
 * No service event: the releases are announced as `releases` notices, and the interchange
 * (which may carry release references in clear) never reaches an event listener.
 */
async function noEvent(context: HookContext, next: NextFunction) {
  await next();
  context.event = null;
}

/**
 * README "EDIFACT COREOR": an interchange received before changes nothing and is answered 200
 * rather than 201; `Accept: application/EDIFACT` answers the APERAK D95B interchange instead of
 * JSON (errors stay JSON).
 */
async function coreorAnswer(context: HookContext, next: NextFunction) {
  await next();
  const answer = context.result as CoreorAnswer;
  const headers: Record<string, string> = {};
  if (context.params.provider === 'rest' && prefersEdifact(context.params.headers?.accept)) {
    context.result = aperakInterchange(answer, {
      controlReference: aperakControlReference(),
    }) as unknown as CoreorAnswer;
    headers['content-type'] = `${coreorMediaTypes.edifact}; charset=utf-8`;
  }
  context.http = {
    ...context.http,
    ...(answer.status === 'duplicate' ? { status: 200 } : {}),
    headers: { ...context.http?.headers, ...headers },
  };
}

/** Carriers only (releases spec §6), before the body is read. */
async function requireCarrier(context: HookContext, next: NextFunction) {
  carrierActorOf(context.params);
  await next();
}

/** Registers `releases/coreor` (issue 14 item 4): people of a carrier, or its API key. */
export function coreor(app: Application): void {
  app.use(coreorPath, new CoreorService(app), { methods: ['create'], events: [] });
  app.service(coreorPath).hooks({
    around: {
      all: [requireSessionOrApiKey],
      create: [
        noEvent,
        coreorAnswer,
        requireScope('releases:write'),
        requireCarrier,
        validateBody(coreorUploadSchema),
      ],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [coreorPath]: CoreorService;
  }
}
