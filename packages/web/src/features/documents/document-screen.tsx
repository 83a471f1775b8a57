import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  documentTypeById,
  type DocumentAction,
  type DocumentBody,
  type DocumentTypeDefinition,
  type DocumentView,
} from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useSession } from '../session/session-context.tsx';
import { DocumentAttachmentsField } from './document-attachments-field.tsx';
import { DocumentForm } from './document-form.tsx';
import { labelKeys } from './document-labels.ts';
import { documentKeys, getDocument } from './documents-api.ts';
import { ShareDialog } from './share-dialog.tsx';
import { StatusChip } from './status-chip.tsx';
import { useDocumentSave } from './use-document-save.ts';

export interface DocumentScreenProps {
  /** An existing document, or… */
  id?: number;
  /** …the type of a new one. */
  newTypeId?: string;
  onBack: () => void;
  /** A new document was saved: show it by its id from now on. */
  onCreated: (id: number) => void;
}

/** Access spec §2 "view/edit screens": one document, or a new one of a type. */
export function DocumentScreen(props: DocumentScreenProps) {
  const { t } = useTranslation();
  const existing = useQuery({
    queryKey: documentKeys.one(props.id ?? 0),
    queryFn: () => getDocument(props.id!),
    enabled: props.id !== undefined,
  });
  const typeId = props.newTypeId ?? existing.data?.documentType.id;
  const type = typeId === undefined ? undefined : documentTypeById(typeId);
  const back = (
    <Button startIcon={<ArrowBackIcon />} onClick={props.onBack} data-testid="documents-back">
      {t('documents.back')}
    </Button>
  );
  if (props.id !== undefined && existing.isPending) return <CircularProgress />;
  if (existing.isError || !type) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        {back}
        <Alert severity="error">
          {existing.isError ? describeApiError(existing.error, t) : t('backend.error.not_found')}
        </Alert>
      </Stack>
    );
  }
  return (
    <DocumentEditor
      key={existing.data?.id ?? 'new'}
      type={type}
      document={existing.data}
      back={back}
      onCreated={props.onCreated}
    />
  );
}

interface EditorProps {
  type: DocumentTypeDefinition;
  document?: DocumentView;
  back: ReactNode;
  onCreated: (id: number) => void;
}

function DocumentEditor({ type, document, back, onCreated }: EditorProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const initial = (): DocumentBody =>
    document?.body ?? { creator: [user?.firstName, user?.lastName].filter(Boolean).join(' ') };
  const [body, setBody] = useState<DocumentBody>(initial);
  const [dirty, setDirty] = useState(false);
  const [dialog, setDialog] = useState<'share' | 'accept' | 'reject' | null>(null);
  const { save, decide, serverFields } = useDocumentSave((saved) => {
    setDirty(false);
    setDialog(null);
    if (!document) onCreated(saved.id);
  });
  // A new document is the caller's own draft; an existing one says what the caller may do.
  const may = (action: DocumentAction) => !document || document.actions.includes(action);
  const editable = may('edit');
  const decision = dialog === 'accept' || dialog === 'reject' ? dialog : null;
  return (
    <Box data-testid="document-screen">
      {back}
      <Stack direction="row" spacing={2} alignItems="center" sx={{ my: 2 }}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {t(labelKeys.title(type))}
          {document ? ` ${document.reference}` : ''}
        </Typography>
        {document && <StatusChip status={document.status} />}
        <Box sx={{ flex: 1 }} />
        {document && may('share') && (
          <Button
            variant="outlined"
            disabled={dirty}
            onClick={() => setDialog('share')}
            data-testid="document-share"
          >
            {t('documents.share.open')}
          </Button>
        )}
        {document && may('accept') && (
          <Button
            variant="contained"
            color="success"
            onClick={() => setDialog('accept')}
            data-testid="document-accept"
          >
            {t('documents.accept')}
          </Button>
        )}
        {document && may('reject') && (
          <Button
            variant="outlined"
            color="error"
            onClick={() => setDialog('reject')}
            data-testid="document-reject"
          >
            {t('documents.reject')}
          </Button>
        )}
      </Stack>
      {document && (
        <Typography sx={{ color: 'text.secondary', mb: 2 }} data-testid="document-parties">
          {t('documents.from', { name: document.organization.name })}
          {document.sharedWith ? ` · ${t('documents.to', { name: document.sharedWith.name })}` : ''}
        </Typography>
      )}
      {!editable && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="document-read-only">
          {t('documents.readOnly')}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <DocumentForm
          type={type}
          formData={body}
          onChange={(next) => {
            setBody(next);
            setDirty(true);
          }}
          onSubmit={(next) => save.mutate({ id: document?.id, typeId: type.id, body: next })}
          readOnly={!editable}
          serverFields={serverFields}
        >
          {editable && (
            <Button
              type="submit"
              variant="contained"
              disabled={save.isPending}
              sx={{ mt: 2 }}
              data-testid="document-save"
            >
              {t('documents.save')}
            </Button>
          )}
        </DocumentForm>
        {document ? (
          <DocumentAttachmentsField document={document} editable={editable} />
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
            {t('documents.attachments.saveFirst')}
          </Typography>
        )}
      </Paper>
      {document && dialog === 'share' && (
        <ShareDialog document={document} onClose={() => setDialog(null)} />
      )}
      {document && (
        <ConfirmDialog
          open={decision !== null}
          title={t(`documents.${decision ?? 'accept'}Title`)}
          text={t(`documents.${decision ?? 'accept'}Text`, { reference: document.reference })}
          confirmLabel={t(`documents.${decision ?? 'accept'}`)}
          cancelLabel={t('documents.cancel')}
          testId="document-decision-confirm"
          danger={decision === 'reject'}
          busy={decide.isPending}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            decision &&
            decide.mutate({
              id: document.id,
              status: decision === 'accept' ? 'accepted' : 'rejected',
            })
          }
        />
      )}
    </Box>
  );
}
