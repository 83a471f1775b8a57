import type { Id, Params } from '@feathersjs/feathers';
import {
  documentAttachmentContentType,
  documentAttachmentErrors,
  requestForReleaseMessages,
  type DocumentAttachmentContent,
  type DocumentAttachmentCreate,
  type DocumentView,
} from '@scr/domain';
import { inTransaction } from '../../db/transaction.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { lockedFor } from './document-commands.ts';
import { attachmentsOf, visibleTo } from './document-rows.ts';
import { callerOf, documentIdOf, type DocumentsService } from './documents.class.ts';

/** The bytes of strict base64, or none (an empty file) when the text is not base64 at all. */
function bytesOf(contentBase64: string): Buffer {
  const bytes = Buffer.from(contentBase64, 'base64');
  return bytes.toString('base64') === contentBase64 ? bytes : Buffer.alloc(0);
}

/**
 * `document-attachments` (access spec §3 "Document": "attachments (name, ref, content)"): the
 * creating organisation adds files to its draft and removes them (as it edits the draft, §4);
 * whoever sees the document (the creator, the receiver once shared) downloads them; anyone else
 * is answered not found. Adding and removing answer the document as the caller now sees it.
 */
export class DocumentAttachmentsService {
  constructor(
    private readonly app: Application,
    private readonly documents: DocumentsService,
  ) {}

  async get(id: Id, params: Params = {}): Promise<DocumentAttachmentContent> {
    const caller = callerOf(params);
    const row: DbRow | undefined = await this.app
      .get('knex')('document_attachments as a')
      .join('documents as d', 'd.id', 'a.document_id')
      .where('a.id', documentIdOf(id))
      .modify(visibleTo(caller.organizationId))
      .first('a.id', 'a.name', 'a.content_type', 'a.content');
    if (!row) throw appError('not_found');
    return {
      id: Number(row.id),
      name: row.name,
      contentType: row.content_type,
      contentBase64: Buffer.from(row.content).toString('base64'),
    };
  }

  async create(data: DocumentAttachmentCreate, params: Params = {}): Promise<DocumentView> {
    const caller = callerOf(params);
    const documentId = documentIdOf(data.docId);
    const name = data.name.trim();
    const bytes = bytesOf(data.contentBase64);
    await inTransaction(this.app.get('knex'), async (trx) => {
      await lockedFor(trx, caller, documentId, 'edit');
      const existing = await attachmentsOf(trx, documentId);
      const errors = documentAttachmentErrors(
        { name, ref: data.ref, bytes },
        existing.map((attachment) => attachment.size),
      );
      const problems = Object.entries(errors);
      if (problems.length > 0) {
        throw appError('validation_failed', {
          message: problems.map(([, problem]) => requestForReleaseMessages[problem]).join('; '),
          fields: Object.fromEntries(
            problems.map(([field, problem]) => [field, `requestsForRelease.validation.${problem}`]),
          ),
        });
      }
      await trx('document_attachments').insert({
        document_id: documentId,
        name,
        ref: data.ref?.trim() || null,
        content_type: documentAttachmentContentType(name, bytes)!,
        size: bytes.length,
        content: bytes,
        created_by_user_id: caller.userId,
      });
      await trx('documents').where({ id: documentId }).update({ updated_at: trx.fn.now() });
    });
    return this.documents.get(documentId, params);
  }

  async remove(id: Id | null, params: Params = {}): Promise<DocumentView> {
    const caller = callerOf(params);
    const attachmentId = documentIdOf(id);
    const documentId = await inTransaction(this.app.get('knex'), async (trx) => {
      const row: DbRow | undefined = await trx('document_attachments')
        .where('id', attachmentId)
        .first('document_id');
      // Not the caller's to see: not found, as the document itself (lockedFor).
      await lockedFor(trx, caller, row?.document_id ?? 0, 'edit');
      await trx('document_attachments').where('id', attachmentId).delete();
      await trx('documents').where({ id: row!.document_id }).update({ updated_at: trx.fn.now() });
      return Number(row!.document_id);
    });
    return this.documents.get(documentId, params);
  }
}
