import { requireScope, requireSessionOrApiKey } from '../../auth/api-key-hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { ReleaseUploadsService } from './release-uploads.class.ts';
import { releaseUploadsPath } from './release-uploads.shared.ts';

export * from './release-uploads.shared.ts';

/**
 * Registers `release-uploads`: `POST /api/release-uploads` with a multipart `file` (the body
 * limit is raised for this route only, see releases/upload/upload-body.ts) or JSON
 * `{fileName, contentBase64}`; carriers only.
 */
/**
 * An upload is not an event of its own: its releases are announced as a `releases notice`. Not
 * emitting also keeps the file's bytes (in the call's params) out of any event listener.
 */
async function noEvent(context: HookContext, next: NextFunction) {
  await next();
  context.event = null;
}

export function releaseUploads(app: Application): void {
  app.use(releaseUploadsPath, new ReleaseUploadsService(app), { methods: ['create'], events: [] });
  app.service(releaseUploadsPath).hooks({
    around: {
      all: [requireSessionOrApiKey],
      create: [noEvent, requireScope('releases:write')],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [releaseUploadsPath]: ReleaseUploadsService;
  }
}
