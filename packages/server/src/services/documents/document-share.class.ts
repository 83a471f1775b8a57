import type { Params } from '@feathersjs/feathers';
import type { DocumentShareCreate, DocumentView } from '@scr/domain';
import { inTransaction } from '../../db/transaction.ts';
import type { Application } from '../../declarations.ts';
import { moveDocument } from './document-commands.ts';
import { documentIdOf, type DocumentsService, callerOf } from './documents.class.ts';

/**
 * `document-share` (access spec §7 "CREATE document-share with docId and
 * targetOrganizationAddress"): shares the creator's draft with a connected organisation, which
 * then has it "to be accepted" (§4). Answers the document as the caller now sees it.
 */
export class DocumentShareService {
  constructor(
    private readonly app: Application,
    private readonly documents: DocumentsService,
  ) {}

  async create(data: DocumentShareCreate, params: Params = {}): Promise<DocumentView> {
    const caller = callerOf(params);
    const id = documentIdOf(data.docId);
    await inTransaction(this.app.get('knex'), (trx) =>
      moveDocument(trx, caller, id, 'share', data.targetOrganizationAddress),
    );
    return this.documents.get(id, params);
  }
}
