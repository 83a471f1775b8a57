import { servicePaths } from '@scr/domain';
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
 * and the files of a request. Signed-in people only.
 */
export function requestsForRelease(app: Application): void {
  app.use(paths.carriers, new RequestCarriersService(app), { methods: ['find'], events: [] });
  app.use(paths.files, new RequestFilesService(app), { methods: ['get'], events: [] });
  app.use(paths.requests, new RequestsForReleaseService(app), {
    methods: ['find', 'get', 'create', 'patch'],
    events: [],
  });
  app.service(paths.carriers).hooks({ around: { all: [requireSession] } });
  app.service(paths.files).hooks({ around: { all: [requireSession] } });
  app.service(paths.requests).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(requestsForReleaseQuerySchema)],
      create: [noEvent, validateBody(requestForReleaseCreateSchema)],
      patch: [noEvent, validateBody(requestAnswerSchema)],
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
