import type { Id } from '@feathersjs/feathers';
import { documentTypeById, documentTypes, type DocumentTypeView } from '@scr/domain';
import { appError } from '../../errors/app-error.ts';

const viewOf = ({ id, title, schema, uiSchema }: DocumentTypeView): DocumentTypeView => ({
  id,
  title,
  schema,
  uiSchema,
});

/**
 * `document-types` (access spec §7 "GET document-types"): each type with the JSON Schema its
 * body must satisfy and the UI schema of its form (domain `documentTypes`).
 */
export class DocumentTypesService {
  async find(): Promise<DocumentTypeView[]> {
    return documentTypes.map(viewOf);
  }

  async get(id: Id): Promise<DocumentTypeView> {
    const type = documentTypeById(String(id));
    if (!type) throw appError('not_found');
    return viewOf(type);
  }
}
