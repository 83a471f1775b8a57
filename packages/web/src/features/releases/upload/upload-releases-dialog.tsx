import DownloadIcon from '@mui/icons-material/Download';
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
import {
  addDays,
  containerCheckDigit,
  formatTypedDate,
  todayInBrussels,
  uploadHeaderValues,
} from '@scr/domain';
import { useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { FileChooser } from '../../../ui/file-chooser.tsx';
import { describeApiError } from '../../../api/errors.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import type { UploadProgress } from '../api/upload-request.ts';
import { serverFieldKeys } from '../dialogs/release-form.ts';
import { useDiscardGuard } from '../../../ui/discard-guard.tsx';
import { formatNumber } from '../../../ui/formats.ts';
import { useTerminals } from '../api/use-lookups.ts';
import { checkUploadSheet, downloadUploadTemplate, type SheetCheck } from './sheet-check.ts';
import { uploadAccept, uploadFileProblem, uploadMessageValues } from './upload-file.ts';
import { UploadReport } from './upload-report.tsx';

/** Releases spec §2, §5: many releases from one spreadsheet, with progress and a report. */
export function UploadReleasesDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const api = useReleasesApi();
  const queryClient = useQueryClient();
  const { terminals } = useTerminals();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Issue 15: what the browser found in the file before sending it.
  const [sheet, setSheet] = useState<SheetCheck | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      abort.current = new AbortController();
      return api.uploadReleases(chosen, setProgress, abort.current.signal);
    },
    onSuccess: (report) => {
      if (report.created > 0)
        void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
    },
  });
  const busy = upload.isPending;
  const cancelled = upload.error instanceof DOMException && upload.error.name === 'AbortError';
  const guard = useDiscardGuard(!!file && !upload.data, onClose);
  const refusedBySheet = sheet !== null && sheet.problem !== null;

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setSheet(null);
    upload.reset();
    const found = chosen ? uploadFileProblem(chosen) : null;
    setProblem(found);
    if (!chosen || found) return;
    setChecking(true);
    const checked = await checkUploadSheet(chosen);
    setChecking(false);
    setSheet(checked);
  };
  const submit = () => {
    const found = uploadFileProblem(file);
    setProblem(found);
    if (found || !file || refusedBySheet) return;
    setProgress({ phase: 'uploading', fraction: 0 });
    upload.mutate(file);
  };
  const template = () => {
    const today = todayInBrussels();
    const serial = 'CSQU305438';
    void downloadUploadTemplate({
      blNumber: 'BL0001',
      vessel: 'MSC Anna',
      containerNumber: `${serial}${containerCheckDigit(serial)}`,
      isoTypeCode: '40HC',
      pickupLocation: terminals[0]?.code ?? '',
      validFrom: formatTypedDate(today),
      validUntil: formatTypedDate(addDays(today, 60)),
    });
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : guard.requestClose}
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
            <DialogContentText sx={{ mb: 1 }}>{t('releases.upload.columns')}</DialogContentText>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              onClick={template}
              sx={{ mb: 2 }}
              data-testid="upload-template"
            >
              {t('releases.upload.template')}
            </Button>
            <FileChooser
              label={t('releases.upload.choose')}
              noFile={t('releases.upload.noFile')}
              accept={uploadAccept}
              file={file}
              disabled={busy}
              onChoose={(chosen) => void choose(chosen)}
              testId="upload-file"
            />
            {problem ? (
              <FormHelperText error data-testid="upload-problem">
                {t(problem, uploadMessageValues)}
              </FormHelperText>
            ) : null}
            {checking ? (
              <LinearProgress sx={{ mt: 2 }} aria-label={t('releases.upload.checking')} />
            ) : null}
            {sheet ? <SheetFindings sheet={sheet} language={i18n.language} /> : null}
            {busy && progress ? <UploadProgressBar progress={progress} /> : null}
            {cancelled ? (
              <FormHelperText data-testid="upload-cancelled">
                {t('releases.upload.cancelled')}
              </FormHelperText>
            ) : upload.isError ? (
              <FormHelperText error data-testid="upload-error">
                {uploadError(t, upload.error)}
              </FormHelperText>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {busy ? (
          // Issue 15: the file can be called back while it travels; once the server is
          // creating the releases, it is too late to cancel.
          <Button
            onClick={() => abort.current?.abort()}
            disabled={progress?.phase !== 'uploading'}
            data-testid="upload-cancel"
          >
            {t('releases.upload.cancel')}
          </Button>
        ) : (
          <Button onClick={guard.requestClose} data-testid="upload-close">
            {upload.data ? t('releases.close') : t('releases.cancel')}
          </Button>
        )}
        {upload.data ? null : (
          <Button
            variant="contained"
            onClick={submit}
            disabled={busy || checking || refusedBySheet}
            data-testid="upload-submit"
          >
            {t('releases.upload.submit')}
          </Button>
        )}
      </DialogActions>
      {guard.confirmation}
    </Dialog>
  );
}

/** Issue 15: the rows counted, or the header or row-count problem found before sending. */
function SheetFindings({ sheet, language }: { sheet: SheetCheck; language: string }) {
  const { t } = useTranslation();
  if (sheet.problem === null) {
    return (
      <FormHelperText data-testid="upload-rows">
        {t('releases.upload.rowsFound', {
          count: sheet.rows,
          rows: formatNumber(sheet.rows, language),
        })}
      </FormHelperText>
    );
  }
  if (sheet.problem === 'header') {
    const { header } = sheet;
    return (
      <Box data-testid="upload-header-problem" sx={{ mt: 1 }}>
        <FormHelperText error>
          {t(`releases.upload.${header.kind}`, {
            ...uploadMessageValues,
            ...uploadHeaderValues(header),
          })}
        </FormHelperText>
        {header.kind === 'wrongHeader' ? (
          <Box component="ul" sx={{ m: 0, pl: 3, color: 'error.main', fontSize: 13 }}>
            {header.misplaced.map((item) => (
              <li key={item.column}>
                {t('releases.upload.misplacedColumn', {
                  column: item.column,
                  found: item.found,
                  expected: t(`releases.columns.${item.expected}`),
                })}
              </li>
            ))}
          </Box>
        ) : null}
      </Box>
    );
  }
  return (
    <FormHelperText error data-testid="upload-sheet-problem">
      {t(
        `releases.upload.${sheet.problem === 'tooManyRows' ? 'tooManyRowsFound' : sheet.problem}`,
        {
          ...uploadMessageValues,
          rows: 'rows' in sheet ? formatNumber(sheet.rows, language) : '',
          encoding: 'encoding' in sheet ? sheet.encoding : '',
        },
      )}
    </FormHelperText>
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
