import {
  allowedDocumentActions,
  type DocumentAttachmentView,
  documentTypeById,
  type DocumentFacts,
  type DocumentStatus,
  type DocumentView,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../../kit/db-row.ts';

/** Who asks: a person of an organisation (documents are for people, not machines). */
export interface DocumentCaller {
  userId: number;
  organizationId: number;
}

/**
 * Tenancy (access spec §4 "Documents"): the documents an organisation sees are its own and
 * those shared with it; any other answers not found.
 */
export function visibleTo(organizationId: number) {
  return (query: Knex.QueryBuilder) =>
    query.where((q) =>
      q
        .where('d.organization_id', organizationId)
        .orWhere('d.shared_with_organization_id', organizationId),
    );
}

/** Documents with their creating and receiving organisations' names and addresses. */
export function documentRows(db: Knex | Knex.Transaction): Knex.QueryBuilder {
  return db('documents as d')
    .join('organizations as o', 'o.id', 'd.organization_id')
    .leftJoin('organizations as s', 's.id', 'd.shared_with_organization_id');
}

export const documentColumns = [
  'd.*',
  'o.name as organization_name',
  'o.address as organization_address',
  's.name as shared_with_name',
  's.address as shared_with_address',
];

/** The facts the domain's rules read, for this caller. */
export function factsOf(row: DbRow, caller: DocumentCaller): DocumentFacts {
  return {
    status: row.status as DocumentStatus,
    isCreator: row.organization_id === caller.organizationId,
    isReceiver: row.shared_with_organization_id === caller.organizationId,
  };
}

const iso = (value: unknown) => (value == null ? null : new Date(value as string).toISOString());

/** A row (from `documentRows` with `documentColumns`) as the caller sees it. */
export function presentDocument(row: DbRow, caller: DocumentCaller): DocumentView {
  return {
    id: row.id,
    documentType: {
      id: row.document_type,
      title: documentTypeById(row.document_type)?.title ?? row.document_type,
    },
    status: row.status,
    body: row.body,
    reference: row.reference,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    organization: { name: row.organization_name, address: row.organization_address },
    sharedWith: row.shared_with_organization_id
      ? { name: row.shared_with_name, address: row.shared_with_address }
      : null,
    sharedAt: iso(row.shared_at),
    decidedAt: iso(row.decided_at),
    actions: allowedDocumentActions(factsOf(row, caller)),
  };
}

/** One document as the caller sees it; not found when it is not there for the caller. */
export async function documentView(
  db: Knex | Knex.Transaction,
  id: number,
  caller: DocumentCaller,
): Promise<DocumentView | undefined> {
  const row: DbRow | undefined = await documentRows(db)
    .where('d.id', id)
    .modify(visibleTo(caller.organizationId))
    .first(documentColumns);
  return row && presentDocument(row, caller);
}

/** A document's attachments without their content, oldest first. */
export async function attachmentsOf(
  db: Knex | Knex.Transaction,
  documentId: number,
): Promise<DocumentAttachmentView[]> {
  const rows: DbRow[] = await db('document_attachments')
    .where('document_id', documentId)
    .orderBy('id')
    .select('id', 'name', 'ref', 'content_type', 'size');
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    ref: row.ref,
    contentType: row.content_type,
    size: row.size,
  }));
}
