import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';
import {
  ReleaseDownloadRowsService,
  ReleaseDownloadService,
  type StreamedAnswer,
} from './release-downloads.class.ts';
import { downloadFileSchema, downloadRowsSchema } from './release-downloads.schema.ts';

const rowsPath = servicePaths.releaseDownloadRows;
const filePath = servicePaths.releaseDownload;

/** A stream travels over HTTP only: socket.io would serialise the stream object. */
async function restOnly(context: HookContext, next: NextFunction) {
  if (context.params.provider && context.params.provider !== 'rest') {
    throw appError('method_not_allowed');
  }
  await next();
}

/** Hands the service's stream to Koa as the body, with its headers. */
async function sendStream(context: HookContext, next: NextFunction) {
  await next();
  const answer = context.result as StreamedAnswer;
  context.http = { ...context.http, status: 200, headers: answer.headers };
  context.result = answer.stream as never;
}

/**
 * Registers the downloads (issue 13 item 2; releases spec §7): `releases/download/get` (the rows
 * as NDJSON) and `releases/download` (the file), for signed-in people.
 */
export function releaseDownloads(app: Application): void {
  app.use(rowsPath, new ReleaseDownloadRowsService(app), { methods: ['create'], events: [] });
  app.use(filePath, new ReleaseDownloadService(app), { methods: ['create'], events: [] });
  app.service(rowsPath).hooks({
    around: { create: [restOnly, requireSession, validateBody(downloadRowsSchema), sendStream] },
  });
  app.service(filePath).hooks({
    around: { create: [restOnly, requireSession, validateBody(downloadFileSchema), sendStream] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [rowsPath]: ReleaseDownloadRowsService;
    [filePath]: ReleaseDownloadService;
  }
}
