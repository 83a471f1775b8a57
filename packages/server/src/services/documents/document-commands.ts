import {
  cleanDocumentBody,
  documentRefusal,
  documentRefusalErrors,
  documentSearchText,
  documentTypeById,
  statusAfter,
  type DocumentAction,
  type DocumentBody,
  type DocumentTransition,
  type DocumentTypeDefinition,
} from '@scr/domain';
import type { Knex } from 'knex';
import { organizationFeatures } from '../../auth/organization-features.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { hasFinalizedConnection } from '../../releases/custody/finalized-connection.ts';
import { assertValidBody } from './document-body.ts';
import { factsOf, type DocumentCaller } from './document-rows.ts';

/** The columns a checked body fills: the body itself, its reference and its search text. */
function bodyColumns(type: DocumentTypeDefinition, sent: DocumentBody) {
  const body = cleanDocumentBody(sent);
  assertValidBody(type, body);
  return {
    body: JSON.stringify(body),
    reference: String(body.reference),
    search_text: documentSearchText(body),
  };
}

/** POST documents: a new draft of the caller's organisation; answers its id. */
export async function createDocument(
  trx: Knex.Transaction,
  caller: DocumentCaller,
  documentTypeId: string,
  body: DocumentBody,
): Promise<number> {
  const type = documentTypeById(documentTypeId);
  if (!type) {
    throw appError('validation_failed', {
      fields: { documentTypeId: 'documents.validation.unknownType' },
    });
  }
  const [row] = await trx('documents')
    .insert({
      organization_id: caller.organizationId,
      created_by_user_id: caller.userId,
      document_type: type.id,
      status: 'draft',
      ...bodyColumns(type, body),
    })
    .returning('id');
  return row.id;
}

/**
 * The document, locked, when the caller may take the action (domain `documentRefusal`):
 * another organisation's answers not found unless shared with it; the wrong party 403, the
 * wrong status 409.
 */
export async function lockedFor(
  trx: Knex.Transaction,
  caller: DocumentCaller,
  id: number,
  action: DocumentAction,
): Promise<DbRow> {
  const row: DbRow | undefined = await trx('documents').where({ id }).forUpdate().first();
  const refusal = row ? documentRefusal(action, factsOf(row, caller)) : ('notVisible' as const);
  if (refusal) throw appError(documentRefusalErrors[refusal]);
  return row!;
}

/** PATCH documents/:id {body}: the creating organisation edits its draft. */
export async function editDocument(
  trx: Knex.Transaction,
  caller: DocumentCaller,
  id: number,
  body: DocumentBody,
): Promise<void> {
  const row = await lockedFor(trx, caller, id, 'edit');
  const type = documentTypeById(row.document_type);
  if (!type) throw appError('conflict');
  await trx('documents')
    .where({ id })
    .update({ ...bodyColumns(type, body), updated_at: trx.fn.now() });
}

/**
 * Access spec §4 "Documents": the receiver of a share is a connected organisation (a finalised
 * connection) that works with documents, never the creator itself.
 */
async function receiverOf(
  trx: Knex.Transaction,
  caller: DocumentCaller,
  address: string | undefined,
): Promise<number> {
  if (!address) throw appError('missing_target_organization');
  const target: DbRow | undefined = await trx('organizations')
    .whereRaw('lower(address) = ?', [address.toLowerCase()])
    .first('id');
  if (target?.id === caller.organizationId) {
    throw appError('validation_failed', {
      fields: { targetOrganizationAddress: 'documents.validation.ownOrganization' },
    });
  }
  if (!target || !(await hasFinalizedConnection(trx, caller.organizationId, target.id)))
    throw appError('no_finalized_connection');
  if (!(await organizationFeatures(trx, target.id)).canDocuments)
    throw appError('document_receiver_unavailable');
  return target.id;
}

/** Share, accept or reject (access spec §4 "Documents"); a share names its receiver. */
export async function moveDocument(
  trx: Knex.Transaction,
  caller: DocumentCaller,
  id: number,
  transition: DocumentTransition,
  targetAddress?: string,
): Promise<void> {
  await lockedFor(trx, caller, id, transition);
  const changes: Record<string, unknown> =
    transition === 'share'
      ? {
          shared_with_organization_id: await receiverOf(trx, caller, targetAddress),
          shared_by_user_id: caller.userId,
          shared_at: trx.fn.now(),
        }
      : { decided_by_user_id: caller.userId, decided_at: trx.fn.now() };
  await trx('documents')
    .where({ id })
    .update({ ...changes, status: statusAfter[transition], updated_at: trx.fn.now() });
}
