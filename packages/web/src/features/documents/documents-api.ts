import {
  servicePaths,
  type DocumentAttachmentContent,
  type DocumentAttachmentCreate,
  type DocumentBody,
  type DocumentPatch,
  type DocumentQuery,
  type DocumentView,
  type OrganizationLookup,
  type Page,
} from '@scr/domain';
import { api } from '../../api/client.ts';

/** The query keys of the documents (`['documents', …]`). */
export const documentKeys = {
  all: ['documents'] as const,
  list: (query: DocumentQuery) => ['documents', 'list', query] as const,
  one: (id: number) => ['documents', 'one', id] as const,
  shareTargets: ['documents', 'share-targets'] as const,
};

/** `GET documents`: the organisation's own and received documents, a page at a time. */
export function listDocuments(query: DocumentQuery): Promise<Page<DocumentView>> {
  return api.service(servicePaths.documents).find({ query });
}

/** `GET documents/:id`. */
export function getDocument(id: number): Promise<DocumentView> {
  return api.service(servicePaths.documents).get(id);
}

/** `POST documents`: a new draft. */
export function createDocument(documentTypeId: string, body: DocumentBody): Promise<DocumentView> {
  return api.service(servicePaths.documents).create({ documentTypeId, body });
}

/** `PATCH documents/:id`: a new body (draft) or a status (accept, reject). */
export function patchDocument(id: number, patch: DocumentPatch): Promise<DocumentView> {
  return api.service(servicePaths.documents).patch(id, patch);
}

/** `POST document-share`: the draft goes to a connected organisation, to be accepted. */
export function shareDocument(
  docId: number,
  targetOrganizationAddress: string,
): Promise<DocumentView> {
  return api.service(servicePaths.documentShare).create({ docId, targetOrganizationAddress });
}

/** The organisations a document may be shared with: the finalised connections, both ways. */
export async function findShareTargets(): Promise<OrganizationLookup[]> {
  const own = (await api.service(servicePaths.organizations).get(0)) as {
    connections?: OrganizationLookup[];
  } | null;
  return own?.connections ?? [];
}

/** `POST document-attachments`: a file for the creator's draft; answers the document. */
export function attachDocumentFile(input: DocumentAttachmentCreate): Promise<DocumentView> {
  return api.service(servicePaths.documentAttachments).create(input);
}

/** `DELETE document-attachments/:id`: takes a file off the draft; answers the document. */
export function removeDocumentAttachment(id: number): Promise<DocumentView> {
  return api.service(servicePaths.documentAttachments).remove(id);
}

/** `GET document-attachments/:id`: an attachment with its content. */
export function fetchDocumentAttachment(id: number): Promise<DocumentAttachmentContent> {
  return api.service(servicePaths.documentAttachments).get(id);
}
