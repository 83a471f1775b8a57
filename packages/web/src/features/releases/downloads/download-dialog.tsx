import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import {
  downloadFormats,
  downloadLayouts,
  type DownloadFormat,
  type DownloadLayout,
  type DownloadScope,
} from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PrintView } from './print-view.tsx';
import { useDownload, type DownloadPhase } from './use-download.ts';

export interface DownloadDialogProps {
  /** `print` opens the print view; otherwise the format is chosen here. */
  mode: 'download' | 'print';
  scope: DownloadScope;
  onClose: () => void;
}

/**
 * Releases spec §2 "Download (PDF, Excel, CSV) and print": the format, grouped by BL or flat,
 * with or without pincodes (the wallet opens them in the browser and each is recorded as a
 * pincode retrieval, after which the release can no longer be transferred), then the progress.
 */
export function DownloadDialog({ mode, scope, onClose }: DownloadDialogProps) {
  const { t } = useTranslation();
  const download = useDownload(scope);
  const { phase } = download;
  const [format, setFormat] = useState<DownloadFormat>('pdf');
  const [layout, setLayout] = useState<DownloadLayout>('grouped');
  const [withPincodes, setWithPincodes] = useState(false);
  const running = ['receiving', 'pincodes', 'assembling'].includes(phase.name);
  const selected = scope.selectedContainerAddresses?.length ?? 0;

  if (phase.name === 'print') {
    return <PrintView rows={phase.rows} language={download.language} onClose={onClose} />;
  }
  const start = () =>
    void download.start({ kind: mode === 'print' ? 'print' : format, layout, withPincodes });
  return (
    <Dialog
      open
      onClose={running ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      data-testid="download-dialog"
    >
      <DialogTitle>{t(`releases.downloads.${mode}Title`)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {selected > 0
            ? t('releases.downloads.scopeSelected', { count: selected })
            : t('releases.downloads.scopeSearch')}
        </DialogContentText>
        <Stack spacing={2}>
          {mode === 'download' ? (
            <FormControl disabled={running}>
              <FormLabel>{t('releases.downloads.format')}</FormLabel>
              <RadioGroup
                row
                value={format}
                onChange={(event) => setFormat(event.target.value as DownloadFormat)}
              >
                {downloadFormats.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={t(`releases.downloads.formats.${value}`)}
                    data-testid={`download-format-${value}`}
                  />
                ))}
              </RadioGroup>
            </FormControl>
          ) : null}
          <FormControl disabled={running}>
            <FormLabel>{t('releases.downloads.layout')}</FormLabel>
            <RadioGroup
              row
              value={layout}
              onChange={(event) => setLayout(event.target.value as DownloadLayout)}
            >
              {downloadLayouts.map((value) => (
                <FormControlLabel
                  key={value}
                  value={value}
                  control={<Radio />}
                  label={t(`releases.downloads.layouts.${value}`)}
                  data-testid={`download-layout-${value}`}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <FormControl disabled={running}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={withPincodes}
                  onChange={(event) => setWithPincodes(event.target.checked)}
                  data-testid="download-with-pincodes"
                />
              }
              label={t('releases.downloads.withPincodes')}
            />
            <FormHelperText>{t('releases.downloads.withPincodesHint')}</FormHelperText>
          </FormControl>
          <PhaseView phase={phase} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running} data-testid="download-close">
          {t('releases.close')}
        </Button>
        <Button variant="contained" onClick={start} disabled={running} data-testid="download-start">
          {t(mode === 'print' ? 'releases.downloads.preparePrint' : 'releases.downloads.start')}
        </Button>
      </DialogActions>
      {download.walletPrompt}
    </Dialog>
  );
}

/** Where the download is: a bar while it runs, then what was saved, or why it failed. */
function PhaseView({ phase }: { phase: DownloadPhase }) {
  const { t } = useTranslation();
  switch (phase.name) {
    case 'receiving': {
      const { done, total } = phase.progress;
      return (
        <Stack spacing={0.5} data-testid="download-progress">
          <LinearProgress
            variant={total ? 'determinate' : 'indeterminate'}
            value={total ? Math.min(100, (done / total) * 100) : 0}
          />
          <FormHelperText>{t('releases.downloads.receiving')}</FormHelperText>
        </Stack>
      );
    }
    case 'pincodes':
      return (
        <Stack spacing={0.5} data-testid="download-progress">
          <LinearProgress
            variant="determinate"
            value={phase.total ? (phase.done / phase.total) * 100 : 0}
          />
          <FormHelperText>{t(`releases.custody.step.${phase.step}`)}</FormHelperText>
        </Stack>
      );
    case 'assembling':
      return (
        <Stack spacing={0.5} data-testid="download-progress">
          <LinearProgress />
          <FormHelperText>{t('releases.downloads.assembling')}</FormHelperText>
        </Stack>
      );
    case 'done':
      return (
        <Alert severity="success" data-testid="download-done">
          {t('releases.downloads.saved', { fileName: phase.fileName })}
          {phase.retrieved !== null
            ? ` ${t('releases.downloads.pincodesRetrieved', { retrieved: phase.retrieved, total: phase.total })}`
            : ''}
        </Alert>
      );
    case 'failed':
      return (
        <Alert severity="error" data-testid="download-failed">
          {phase.message}
        </Alert>
      );
    default:
      return null;
  }
}
