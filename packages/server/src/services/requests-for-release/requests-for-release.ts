import { servicePaths } from '@scr/domain';
import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { RequestCarriersService } from './request-carriers.ts';
import { RequestFilesService } from './request-files.ts';
import { RequestsForReleaseService } from './requests-for-release.class.ts';
import {
  requestAnswerSchema,
  requestForReleaseCreateSchema,
  requestsForReleaseQuerySchema,
} from './requests-for-release.schema.ts';

const paths = {
  requests: servicePaths.requestsForRelease,
  carriers: servicePaths.requestForReleaseCarriers,
  files: servicePaths.requestForReleaseFiles,
} as const;

/**
 * No service event: the body carries files (and may carry pincodes in clear), which must not
 * reach an event listener; the answer's releases are announced as `releases` notices.
 */
async function noEvent(context: HookContext, next: NextFunction) {
  await next();
  context.event = null;
}

/**
 * Registers the requests for release (releases spec §7 `requests-for-release`): the requests
 * (find, get, create; patch answers one with releases), the carriers the requester may address,
 * and the files of a request. Signed-in people, and (but for the answer) systems' API keys.
 */
export function requestsForRelease(app: Application): void {
  app.use(paths.carriers, new RequestCarriersService(app), { methods: ['find'], events: [] });
  app.use(paths.files, new RequestFilesService(app), { methods: ['get'], events: [] });
  app.use(paths.requests, new RequestsForReleaseService(app), {
    methods: ['find', 'get', 'create', 'patch'],
    events: [],
  });
  // People, or a system's key: `releases:read` to list and open, `releases:write` to send
  // (releases spec §7); the carrier's answer creates releases from a person's dialog only.
  const reading = [requireSessionOrApiKey, requireScope('releases:read')];
  app.service(paths.carriers).hooks({ around: { all: reading } });
  app.service(paths.files).hooks({ around: { all: reading } });
  app.service(paths.requests).hooks({
    around: {
      find: [...reading, validateQuery(requestsForReleaseQuerySchema)],
      get: reading,
      create: [
        requireSessionOrApiKey,
        requireScope('releases:write'),
        noEvent,
        validateBody(requestForReleaseCreateSchema),
      ],
      patch: [requireSession, noEvent, validateBody(requestAnswerSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [paths.requests]: RequestsForReleaseService;
    [paths.carriers]: RequestCarriersService;
    [paths.files]: RequestFilesService;
  }
}
