import AttachFileIcon from '@mui/icons-material/AttachFile';
import Button from '@mui/material/Button';
import type { RequestFileView } from '@scr/domain';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { saveTextFile } from '../releases/audit-trail/save-text-file.ts';
import { fromBase64 } from './file-bytes.ts';
import { fetchRequestFile } from './requests-api.ts';

/** A file of a request, opened (downloaded) on a click: the requester's and the carrier's. */
export function RequestFileLink({ file }: { file: RequestFileView }) {
  const { t } = useTranslation();
  const { enqueue } = useSnackbar();
  const open = useMutation({
    mutationFn: () => fetchRequestFile(file.id),
    onSuccess: (content) =>
      saveTextFile(content.name, fromBase64(content.contentBase64), content.contentType),
    onError: () => enqueue(t('requestsForRelease.fileFailed'), 'error'),
  });
  return (
    <Button
      size="small"
      startIcon={<AttachFileIcon />}
      disabled={open.isPending}
      onClick={() => open.mutate()}
      title={file.ref ?? t(`requestsForRelease.kind.${file.kind}`)}
      aria-label={t('requestsForRelease.openFile', { name: file.name })}
      data-testid={`rfr-open-file-${file.id}`}
      sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
    >
      {file.name}
    </Button>
  );
}
