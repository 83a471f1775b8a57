import type { DocumentBody, DocumentPatch, DocumentView } from '@scr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, describeApiError } from '../../api/errors.ts';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { createDocument, documentKeys, patchDocument } from './documents-api.ts';

/** The field problems of a refused body, as the server answered them (`data.fields`). */
function fieldsOf(error: unknown): Record<string, string> | undefined {
  if (apiErrorCode(error) !== 'validation_failed') return undefined;
  return (error as { data?: { fields?: Record<string, string> } }).data?.fields;
}

/**
 * Saving a document and moving it on: create a draft, save its body, accept or reject it. Each
 * refreshes the lists; a refused body keeps the server's field problems for the form.
 */
export function useDocumentSave(onSaved: (document: DocumentView) => void) {
  const { t } = useTranslation();
  const { enqueue } = useSnackbar();
  const queryClient = useQueryClient();
  const [serverFields, setServerFields] = useState<Record<string, string>>();
  const done = async (document: DocumentView, message: string) => {
    setServerFields(undefined);
    queryClient.setQueryData(documentKeys.one(document.id), document);
    await queryClient.invalidateQueries({ queryKey: documentKeys.all });
    enqueue(message, 'success');
    onSaved(document);
  };
  const failed = (error: unknown) => {
    setServerFields(fieldsOf(error));
    enqueue(describeApiError(error, t), 'error');
  };
  const save = useMutation({
    mutationFn: (input: { id?: number; typeId: string; body: DocumentBody }) =>
      input.id === undefined
        ? createDocument(input.typeId, input.body)
        : patchDocument(input.id, { body: input.body }),
    onSuccess: (document) => done(document, t('documents.saved')),
    onError: failed,
  });
  const decide = useMutation({
    mutationFn: (input: { id: number; status: NonNullable<DocumentPatch['status']> }) =>
      patchDocument(input.id, { status: input.status }),
    onSuccess: (document) => done(document, t(`documents.decided.${document.status}`)),
    onError: failed,
  });
  return { save, decide, serverFields };
}
