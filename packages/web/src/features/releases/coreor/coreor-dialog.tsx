import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import { coreorLimits } from '@scr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileChooser } from '../../../ui/file-chooser.tsx';
import { describeApiError } from '../../../api/errors.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { sendCoreor } from './coreor-api.ts';
import { CoreorReport } from './coreor-report.tsx';

/**
 * Issue 14 item 4: a carrier uploads an EDIFACT COREOR D95B file (beside the spreadsheet
 * upload); its releases are created, replaced or cancelled, and the answer shows per message
 * what was taken and, for what was not, each segment and its reason.
 */
export function CoreorDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async (chosen: File) =>
      sendCoreor({ content: await chosen.text(), fileName: chosen.name }),
    onSuccess: (answer) => {
      if (answer.accepted > 0)
        void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
    },
  });
  const busy = send.isPending;
  const choose = (chosen: File | null) => {
    setFile(chosen);
    send.reset();
    setProblem(
      !chosen
        ? null
        : chosen.size === 0
          ? 'releases.coreor.empty'
          : chosen.size > coreorLimits.maxCharacters * 2
            ? 'releases.coreor.tooLarge'
            : null,
    );
  };
  const submit = () => {
    if (!file) return setProblem('releases.coreor.fileRequired');
    if (problem) return;
    send.mutate(file);
  };
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="coreor-title"
      data-testid="coreor-dialog"
    >
      <DialogTitle id="coreor-title">{t('releases.coreor.title')}</DialogTitle>
      <DialogContent>
        {send.data ? (
          <CoreorReport answer={send.data} />
        ) : (
          <>
            <DialogContentText sx={{ mb: 2 }}>{t('releases.coreor.intro')}</DialogContentText>
            <FileChooser
              label={t('releases.coreor.choose')}
              noFile={t('releases.coreor.noFile')}
              accept=".edi,.edifact,.txt,.coreor"
              file={file}
              disabled={busy}
              onChoose={choose}
              testId="coreor-file"
            />
            {problem ? (
              <FormHelperText error data-testid="coreor-problem">
                {t(problem, { max: coreorLimits.maxCharacters / 1_000_000 })}
              </FormHelperText>
            ) : null}
            {busy ? (
              <LinearProgress sx={{ mt: 2 }} aria-label={t('releases.coreor.sending')} />
            ) : null}
            {send.isError ? (
              <FormHelperText error data-testid="coreor-error">
                {describeApiError(send.error, t)}
              </FormHelperText>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy} data-testid="coreor-close">
          {send.data ? t('releases.close') : t('releases.cancel')}
        </Button>
        {send.data ? null : (
          <Button variant="contained" onClick={submit} disabled={busy} data-testid="coreor-submit">
            {t('releases.coreor.submit')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
