import type { Id, Params } from '@feathersjs/feathers';
import {
  documentSearchTerm,
  transitionTo,
  type DocumentCreate,
  type DocumentPatch,
  type DocumentQuery,
  type DocumentView,
} from '@scr/domain';
import { inTransaction } from '../../db/transaction.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { likePattern, pageOf, type Page } from '../../kit/paging.ts';
import { createDocument, editDocument, moveDocument } from './document-commands.ts';
import {
  attachmentsOf,
  documentColumns,
  documentRows,
  documentView,
  presentDocument,
  visibleTo,
  type DocumentCaller,
} from './document-rows.ts';

/** The signed-in person calling; machines (API keys) have no documents. */
export function callerOf(params: Params): DocumentCaller {
  if (!params.user) throw appError('forbidden');
  return { userId: params.user.id, organizationId: params.user.organizationId };
}

/** A document id from the path: a positive whole number, else not found. */
export function documentIdOf(id: Id | null | undefined): number {
  const numeric = Number(id);
  if (id === null || !Number.isSafeInteger(numeric) || numeric <= 0 || numeric > 2_147_483_647)
    throw appError('not_found');
  return numeric;
}

/**
 * `documents` (access spec §7 "Documents"): the caller's organisation's documents and those
 * shared with it, newest first, searched case-insensitively (§5); create a draft; PATCH a body
 * (the creator's draft) or a status (share, accept, reject; §4).
 */
export class DocumentsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<Page<DocumentView>> {
    const caller = callerOf(params);
    const query = (params.query ?? {}) as DocumentQuery;
    const rows = documentRows(this.app.get('knex')).modify(visibleTo(caller.organizationId));
    const term = documentSearchTerm(query.search);
    if (term) rows.where('d.search_text', 'like', likePattern(term));
    if (query.status) rows.where('d.status', query.status);
    return pageOf(rows, {
      paging: query,
      select: (q) =>
        q.select(documentColumns).orderBy([
          { column: 'd.created_at', order: 'desc' },
          { column: 'd.id', order: 'desc' },
        ]),
      present: (row: Record<string, unknown>) => presentDocument(row, caller),
    });
  }

  async get(id: Id, params: Params = {}): Promise<DocumentView> {
    const knex = this.app.get('knex');
    const documentId = documentIdOf(id);
    const view = await documentView(knex, documentId, callerOf(params));
    if (!view) throw appError('not_found');
    return { ...view, attachments: await attachmentsOf(knex, documentId) };
  }

  async create(data: DocumentCreate, params: Params = {}): Promise<DocumentView> {
    const caller = callerOf(params);
    const id = await inTransaction(this.app.get('knex'), (trx) =>
      createDocument(trx, caller, data.documentTypeId, data.body),
    );
    return this.get(id, params);
  }

  async patch(id: Id | null, data: DocumentPatch, params: Params = {}): Promise<DocumentView> {
    const caller = callerOf(params);
    const documentId = documentIdOf(id);
    const hasBody = data.body !== undefined;
    const transition = data.status === undefined ? undefined : transitionTo(data.status);
    if (hasBody === (data.status !== undefined)) {
      throw appError('validation_failed', { fields: { _: 'documents.validation.bodyOrStatus' } });
    }
    if (data.organizationAddress !== undefined && transition !== 'share') {
      throw appError('validation_failed', {
        fields: { organizationAddress: 'documents.validation.onlyToShare' },
      });
    }
    await inTransaction(this.app.get('knex'), (trx) =>
      transition
        ? moveDocument(trx, caller, documentId, transition, data.organizationAddress)
        : editDocument(trx, caller, documentId, data.body!),
    );
    return this.get(documentId, params);
  }
}
