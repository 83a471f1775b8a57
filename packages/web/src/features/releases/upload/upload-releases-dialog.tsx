import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import type { UploadProgress } from '../api/upload-request.ts';
import { serverFieldKeys } from '../dialogs/release-form.ts';
import { uploadAccept, uploadFileProblem, uploadMessageValues } from './upload-file.ts';
import { UploadReport } from './upload-report.tsx';

/** Releases spec §2, §5: many releases from one spreadsheet, with progress and a report. */
export function UploadReleasesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => api.uploadReleases(chosen, setProgress),
    onSuccess: (report) => {
      if (report.created > 0)
        void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
    },
  });
  const busy = upload.isPending;
  const submit = () => {
    const found = uploadFileProblem(file);
    setProblem(found);
    if (found || !file) return;
    setProgress({ phase: 'uploading', fraction: 0 });
    upload.mutate(file);
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="upload-title"
      data-testid="upload-dialog"
    >
      <DialogTitle id="upload-title">{t('releases.upload.title')}</DialogTitle>
      <DialogContent>
        {upload.data ? (
          <UploadReport report={upload.data} />
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{t('releases.upload.columns')}</DialogContentText>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Button
                component="label"
                variant="outlined"
                startIcon={<UploadFileIcon />}
                disabled={busy}
              >
                {t('releases.upload.choose')}
                <input
                  hidden
                  type="file"
                  accept={uploadAccept}
                  data-testid="upload-file"
                  onChange={(event) => {
                    const chosen = event.target.files?.[0] ?? null;
                    setFile(chosen);
                    setProblem(chosen ? uploadFileProblem(chosen) : null);
                    upload.reset();
                  }}
                />
              </Button>
              <Typography
                data-testid="upload-file-name"
                color={file ? 'text.primary' : 'text.secondary'}
              >
                {file?.name ?? t('releases.upload.noFile')}
              </Typography>
            </Box>
            {problem ? (
              <FormHelperText error data-testid="upload-problem">
                {t(problem, uploadMessageValues)}
              </FormHelperText>
            ) : null}
            {busy && progress ? <UploadProgressBar progress={progress} /> : null}
            {upload.isError ? (
              <FormHelperText error data-testid="upload-error">
                {uploadError(t, upload.error)}
              </FormHelperText>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="upload-close">
          {upload.data ? t('releases.close') : t('releases.cancel')}
        </Button>
        {upload.data ? null : (
          <Button variant="contained" onClick={submit} disabled={busy} data-testid="upload-submit">
            {t('releases.upload.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function UploadProgressBar({ progress }: { progress: UploadProgress }) {
  const { t } = useTranslation();
  const uploading = progress.phase === 'uploading';
  const percent = uploading ? Math.round(progress.fraction * 100) : 100;
  return (
    <Box sx={{ mt: 3 }} data-testid="upload-progress" data-phase={progress.phase}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {uploading ? t('releases.upload.uploading', { percent }) : t('releases.upload.processing')}
      </Typography>
      <LinearProgress
        variant={uploading ? 'determinate' : 'indeterminate'}
        value={percent}
        aria-label={t('releases.upload.progress')}
      />
    </Box>
  );
}

/** A refused file: its own message (`data.fields.file`) when the server named one. */
function uploadError(t: TFunction, error: unknown): string {
  const key = serverFieldKeys(error).file;
  return key
    ? t(key, { defaultValue: describeApiError(error, t), ...uploadMessageValues })
    : describeApiError(error, t);
}
