import { servicePaths } from '@scr/domain';
import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { DocumentAttachmentsService } from './document-attachments.class.ts';
import { DocumentShareService } from './document-share.class.ts';
import { DocumentTypesService } from './document-types.class.ts';
import { DocumentsService } from './documents.class.ts';
import {
  documentAttachmentCreateSchema,
  documentCreateSchema,
  documentPatchSchema,
  documentQuerySchema,
  documentShareSchema,
} from './documents.schema.ts';

/**
 * Access spec §2 "documents: feature canDocuments": people of an organisation with the flag;
 * machines (API keys) get 403 like a missing role.
 */
async function requireDocuments(context: HookContext, next: NextFunction) {
  if (context.params.provider) {
    const user = context.params.user;
    if (!user) throw appError('forbidden');
    if (!user.features.canDocuments) throw appError('subscription_required');
  }
  await next();
}

const guarded = [requireSession, requireDocuments];

/**
 * Registers `documents`, `document-types`, `document-share` and `document-attachments` (access
 * spec §3 "Document", §7 "Documents").
 */
export function documents(app: Application): void {
  const documentsService = new DocumentsService(app);
  app.use(servicePaths.documents, documentsService, {
    methods: ['find', 'get', 'create', 'patch'],
    events: [],
  });
  app.service(servicePaths.documents).hooks({
    around: {
      all: guarded,
      find: [validateQuery(documentQuerySchema)],
      create: [validateBody(documentCreateSchema)],
      patch: [validateBody(documentPatchSchema)],
    },
  });
  app.use(servicePaths.documentTypes, new DocumentTypesService(), {
    methods: ['find', 'get'],
    events: [],
  });
  app.service(servicePaths.documentTypes).hooks({ around: { all: guarded } });
  app.use(servicePaths.documentShare, new DocumentShareService(app, documentsService), {
    methods: ['create'],
    events: [],
  });
  app.service(servicePaths.documentShare).hooks({
    around: { all: guarded, create: [validateBody(documentShareSchema)] },
  });
  app.use(servicePaths.documentAttachments, new DocumentAttachmentsService(app, documentsService), {
    methods: ['get', 'create', 'remove'],
    events: [],
  });
  app.service(servicePaths.documentAttachments).hooks({
    around: { all: guarded, create: [validateBody(documentAttachmentCreateSchema)] },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [servicePaths.documents]: DocumentsService;
    [servicePaths.documentTypes]: DocumentTypesService;
    [servicePaths.documentShare]: DocumentShareService;
    [servicePaths.documentAttachments]: DocumentAttachmentsService;
  }
}
