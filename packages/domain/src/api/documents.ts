import type { DocumentAction, DocumentStatus } from '../documents/document-status.ts';
import type { JsonSchema, UiSchema } from '../documents/json-schema.ts';

/**
 * The documents contract (access spec §3 "Document", §7 "Documents": GET documents and
 * document-types; CREATE and PATCH documents; CREATE document-share with docId and
 * targetOrganizationAddress). Server and web both build on these shapes.
 */

/** A document's body: the values of its type's form, `reference` among them. */
export type DocumentBody = Record<string, unknown>;

/** An organisation as a document names it. */
export interface DocumentOrganization {
  name: string;
  address: string;
}

/** One document as the caller's organisation sees it (access spec §3 "Document"). */
export interface DocumentView {
  id: number;
  documentType: { id: string; title: string };
  status: DocumentStatus;
  body: DocumentBody;
  /** `body.reference`, the name the list shows. */
  reference: string;
  createdAt: string;
  updatedAt: string;
  /** The creating organisation. */
  organization: DocumentOrganization;
  /** The receiving organisation, once shared. */
  sharedWith: DocumentOrganization | null;
  sharedAt: string | null;
  /** When the receiver accepted or rejected it. */
  decidedAt: string | null;
  /** What the caller may do with it now (domain `allowedDocumentActions`). */
  actions: DocumentAction[];
  /** Its attachments, without content: given by `GET documents/:id`, not by the list. */
  attachments?: DocumentAttachmentView[];
}

/** An attachment of a document (access spec §3 "Document": "attachments (name, ref, content)"). */
export interface DocumentAttachmentView {
  id: number;
  name: string;
  /** The "ref": what the file is, in the creator's words. */
  ref: string | null;
  contentType: string;
  size: number;
}

/** POST document-attachments: a file for the creator's draft, its content in base64. */
export interface DocumentAttachmentCreate {
  docId: number;
  name: string;
  ref?: string | null;
  contentBase64: string;
}

/** GET document-attachments/:id: an attachment with its content, for whoever sees the document. */
export interface DocumentAttachmentContent {
  id: number;
  name: string;
  contentType: string;
  contentBase64: string;
}

/** GET document-types: each type with the schema and UI schema of its form. */
export interface DocumentTypeView {
  id: string;
  title: string;
  schema: JsonSchema;
  uiSchema: UiSchema;
}

/** POST documents: a new draft of the caller's organisation. */
export interface DocumentCreate {
  documentTypeId: string;
  body: DocumentBody;
}

/**
 * PATCH documents/:id: either a new `body` (the creator, on a draft), or a `status`: `accepted`
 * or `rejected` by the receiver, `toBeAccepted` with the target's `organizationAddress` to share
 * (as `document-share` does).
 */
export interface DocumentPatch {
  body?: DocumentBody;
  status?: 'toBeAccepted' | 'accepted' | 'rejected';
  organizationAddress?: string;
}

/** POST document-share: share a draft with a connected organisation. */
export interface DocumentShareCreate {
  docId: number;
  targetOrganizationAddress: string;
}

/** GET documents: a case-insensitive search, a status, a page. */
export interface DocumentQuery {
  search?: string;
  status?: DocumentStatus;
  $limit?: number;
  $skip?: number;
}
