import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import FormHelperText from '@mui/material/FormHelperText';
import { bulkLimits, isUploadFileName, uploadFileTypes, type BulkFileAnswer } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileChooser } from '../../../ui/file-chooser.tsx';
import { describeApiError } from '../../../api/errors.ts';
import type { UploadProgress } from '../api/upload-request.ts';
import { serverFieldKeys } from '../dialogs/release-form.ts';
import { unreadableCsvEncoding } from '../upload/upload-file.ts';
import { useBulkApi } from './bulk-api.tsx';
import { BulkProgress } from './bulk-progress.tsx';

/** The values the file messages name (`releases.bulk.file.tooLarge`, `tooManyRows`). */
const limits = { maxMb: bulkLimits.maxBytes / 1024 / 1024, maxRows: bulkLimits.maxRows };

/** Why a chosen file cannot be sent (a translation key), or null. */
export function bulkFileProblem(file: File | null): string | null {
  if (!file) return 'releases.bulk.file.fileRequired';
  if (!isUploadFileName(file.name)) return 'releases.bulk.file.fileType';
  if (file.size > bulkLimits.maxBytes) return 'releases.bulk.file.tooLarge';
  return null;
}

/**
 * Releases spec §5 "Bulk operations file": choose a .csv, .xls or .xlsx of BL and container
 * pairs (header ignored) and upload it, with its progress bar; a refused file says why, a .csv
 * that cannot be read in the encoding its byte order mark names before it is sent.
 */
export function BulkFileStep(props: {
  onRead: (read: BulkFileAnswer) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const calls = useBulkApi();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** The encoding a .csv cannot be read in, which `releases.bulk.file.encoding` names. */
  const [encoding, setEncoding] = useState('');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;

  /** The chosen file's problem, read in the browser: its name and size, then a .csv's encoding. */
  const check = async (chosen: File | null) => {
    const found = bulkFileProblem(chosen);
    setProblem(found);
    setEncoding('');
    if (found || !chosen) return found;
    const unreadable = await unreadableCsvEncoding(chosen);
    if (!unreadable) return null;
    setEncoding(unreadable);
    setProblem('releases.bulk.file.encoding');
    return 'releases.bulk.file.encoding';
  };
  const submit = async () => {
    if ((await check(file)) || !file) return;
    setError(null);
    setProgress({ phase: 'uploading', fraction: 0 });
    try {
      props.onRead(await calls.readFile(file, setProgress));
    } catch (failure) {
      const key = serverFieldKeys(failure).file;
      setError(
        key
          ? t(key, { ...limits, encoding, defaultValue: describeApiError(failure, t) })
          : describeApiError(failure, t),
      );
      setProgress(null);
    }
  };

  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('releases.bulk.file.columns', limits)}
        </DialogContentText>
        <FileChooser
          label={t('releases.bulk.file.choose')}
          noFile={t('releases.bulk.file.noFile')}
          accept={uploadFileTypes.join(',')}
          file={file}
          disabled={busy}
          onChoose={(chosen) => {
            setFile(chosen);
            setError(null);
            if (chosen) void check(chosen);
            else setProblem(null);
          }}
          testId="bulk-file"
        />
        {problem ? (
          <FormHelperText error data-testid="bulk-file-problem">
            {t(problem, { ...limits, encoding })}
          </FormHelperText>
        ) : null}
        {progress ? (
          <BulkProgress
            testId="bulk-upload-progress"
            fraction={progress.phase === 'uploading' ? progress.fraction : null}
            label={
              progress.phase === 'uploading'
                ? t('releases.bulk.progress.uploading', {
                    percent: Math.round(progress.fraction * 100),
                  })
                : t('releases.bulk.progress.reading')
            }
          />
        ) : null}
        {error ? (
          <FormHelperText error data-testid="bulk-file-error">
            {error}
          </FormHelperText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={busy}>
          {t('releases.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy} data-testid="bulk-file-submit">
          {t('releases.bulk.file.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
