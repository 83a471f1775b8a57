import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  documentAttachmentErrors,
  documentAttachmentExtensions,
  type DocumentAttachmentErrors,
  type DocumentAttachmentView,
  type DocumentView,
} from '@scr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, describeApiError } from '../../api/errors.ts';
import { fieldMessage } from '../../ui/form-message.ts';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { saveTextFile } from '../releases/audit-trail/save-text-file.ts';
import { fromBase64, readFileBytes, toBase64 } from '../requests-for-release/file-bytes.ts';
import {
  attachDocumentFile,
  documentKeys,
  fetchDocumentAttachment,
  removeDocumentAttachment,
} from './documents-api.ts';

const accept = documentAttachmentExtensions.map((extension) => `.${extension}`).join(',');

/** The server's field problems of a refused attachment (`data.fields`: `file`, `ref`). */
function fieldsOf(error: unknown): DocumentAttachmentErrors | undefined {
  if (apiErrorCode(error) !== 'validation_failed') return undefined;
  const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
  const problem = (key?: string) => key?.replace('requestsForRelease.validation.', '');
  return { file: problem(fields.file), ref: problem(fields.ref) } as DocumentAttachmentErrors;
}

/**
 * A document's attachments (access spec §3 "Document": "attachments (name, ref, content)"):
 * each opens (downloads) on a click; on the creator's draft files are added, with a ref, and
 * removed, checked as the server checks them (by content and size) before they are sent.
 */
export function DocumentAttachmentsField(props: { document: DocumentView; editable: boolean }) {
  const { document, editable } = props;
  const { t } = useTranslation();
  const { enqueue } = useSnackbar();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [ref, setRef] = useState('');
  const [errors, setErrors] = useState<DocumentAttachmentErrors>({});
  const attachments = document.attachments ?? [];
  const changed = (next: DocumentView) => {
    queryClient.setQueryData(documentKeys.one(next.id), next);
    void queryClient.invalidateQueries({ queryKey: documentKeys.all });
  };
  const add = useMutation({
    mutationFn: async (file: File) => {
      const bytes = await readFileBytes(file);
      const sizes = attachments.map((attachment) => attachment.size);
      const found = documentAttachmentErrors({ name: file.name, ref, bytes }, sizes);
      if (found.file || found.ref) throw Object.assign(new Error('invalid'), { found });
      return attachDocumentFile({
        docId: document.id,
        name: file.name,
        ref: ref.trim() || null,
        contentBase64: toBase64(bytes),
      });
    },
    onSuccess: (next) => {
      setErrors({});
      setRef('');
      changed(next);
      enqueue(t('documents.attachments.added'), 'success');
    },
    onError: (error) => {
      const found = (error as { found?: DocumentAttachmentErrors }).found ?? fieldsOf(error);
      setErrors(found ?? {});
      if (!found) enqueue(describeApiError(error, t), 'error');
    },
  });
  const remove = useMutation({
    mutationFn: (attachment: DocumentAttachmentView) => removeDocumentAttachment(attachment.id),
    onSuccess: changed,
    onError: (error) => enqueue(describeApiError(error, t), 'error'),
  });
  const open = useMutation({
    mutationFn: (attachment: DocumentAttachmentView) => fetchDocumentAttachment(attachment.id),
    onSuccess: (content) =>
      saveTextFile(content.name, fromBase64(content.contentBase64), content.contentType),
    onError: () => enqueue(t('documents.attachments.openFailed'), 'error'),
  });
  const message = (key?: string) => key && fieldMessage(t, `requestsForRelease.validation.${key}`);
  return (
    <Box data-testid="document-attachments" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {t('documents.attachments.title')}
      </Typography>
      {attachments.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('documents.attachments.none')}
        </Typography>
      )}
      {attachments.map((attachment) => (
        <Box key={attachment.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Button
            size="small"
            startIcon={<AttachFileIcon />}
            disabled={open.isPending}
            onClick={() => open.mutate(attachment)}
            aria-label={t('documents.attachments.open', { name: attachment.name })}
            data-testid={`document-attachment-${attachment.id}`}
            sx={{ textTransform: 'none' }}
          >
            {attachment.name}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {Math.ceil(attachment.size / 1024)} kB{attachment.ref ? ` · ${attachment.ref}` : ''}
          </Typography>
          {editable && (
            <IconButton
              size="small"
              aria-label={t('documents.attachments.remove', { name: attachment.name })}
              disabled={remove.isPending}
              onClick={() => remove.mutate(attachment)}
              data-testid={`document-attachment-remove-${attachment.id}`}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
      {editable && (
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('documents.attachments.ref')}
            value={ref}
            onChange={(event) => setRef(event.target.value)}
            error={!!errors.ref}
            helperText={message(errors.ref)}
            slotProps={{ htmlInput: { 'data-testid': 'document-attachment-ref' } }}
          />
          <Button
            startIcon={<AttachFileIcon />}
            disabled={add.isPending}
            onClick={() => input.current?.click()}
          >
            {t('documents.attachments.add')}
          </Button>
          <input
            ref={input}
            type="file"
            hidden
            accept={accept}
            data-testid="document-attachment-add"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) add.mutate(file);
              event.target.value = '';
            }}
          />
        </Box>
      )}
      {editable && (
        <FormHelperText error={!!errors.file} data-testid="document-attachments-hint">
          {message(errors.file) || t('documents.attachments.hint')}
        </FormHelperText>
      )}
    </Box>
  );
}
