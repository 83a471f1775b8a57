import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  editSections,
  releaseEditOf,
  validateEdit,
  type ContainerRow,
  type EditableField,
  type EditMode,
  type EditValues,
} from '@scr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { useSnackbar } from '../../../ui/snackbar/snackbar-context.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { useTerminals } from '../api/use-lookups.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useDiscardGuard } from '../../../ui/discard-guard.tsx';
import { CustodyDoneDialog } from '../custody/custody-dialog-frame.tsx';
import { ReleaseReportView } from '../custody/custody-report-view.tsx';
import { domainFieldKeys, translateFieldKeys, type FieldKeys } from './field-messages.ts';
import { ReleaseFields } from './release-fields.tsx';
import { SelectedContainers } from './selected-containers.tsx';
import { serverFieldKeys, type ReleaseFormField } from './release-form.ts';
import type { ReportGroups } from '../custody/custody-report.ts';
import { changeReportGroups } from './result-errors.ts';

export interface EditFormProps {
  mode: EditMode;
  rows: ContainerRow[];
  initial: EditValues;
  locked?: Record<string, string>;
  onClose: () => void;
}

/**
 * The edit form of one release or many (releases spec §2, §5): checked before sending, confirmed,
 * then one PATCH. A multi-release edit ends in its per-release report, as block and transfer do
 * (releases spec §7 "Handling of answers"); a single edit reports only a refusal.
 */
export function EditForm({ mode, rows, initial, locked, onClose }: EditFormProps) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const queryClient = useQueryClient();
  const { enqueue } = useSnackbar();
  const { terminals, codes } = useTerminals();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldKeys>({});
  const [confirming, setConfirming] = useState(false);
  const [report, setReport] = useState<ReportGroups | null>(null);
  const edit = releaseEditOf(mode, initial, values);
  const hasChange = Object.keys(edit).length > 0;
  const single = mode === 'single';
  // Issue 15: a changed form is not lost to Escape, the backdrop or Cancel.
  const guard = useDiscardGuard(hasChange, onClose);

  const save = useMutation({
    mutationFn: () =>
      api.editReleases(
        rows.map((row) => row.address),
        edit,
        single ? rows[0]?.version : undefined,
      ),
    onSuccess: async (results) => {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
      const groups = changeReportGroups(t, results, rows);
      const refused = results.length - groups.succeeded.length;
      if (single && refused === 0) {
        enqueue(t('releases.edit.saved', { count: groups.succeeded.length }), 'success');
        onClose();
      } else setReport(groups);
    },
    onError: (error) => {
      setConfirming(false);
      setErrors(serverFieldKeys(error));
      enqueue(describeApiError(error, t), 'error');
    },
  });

  const submit = () => {
    const found = domainFieldKeys(validateEdit(values, edit, rows, codes));
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };

  if (report) {
    return (
      <CustodyDoneDialog
        testId="edit-report"
        closeTestId="edit-report-close"
        title={t('releases.edit.reportTitle')}
        onClose={onClose}
      >
        <ReleaseReportView
          groups={report}
          done={t('releases.edit.done', { count: report.succeeded.length })}
        />
      </CustodyDoneDialog>
    );
  }
  return (
    <>
      <Dialog
        open
        onClose={save.isPending ? undefined : guard.requestClose}
        maxWidth="md"
        fullWidth
        aria-labelledby="edit-release-title"
        data-testid={single ? 'edit-release-dialog' : 'multi-edit-dialog'}
      >
        <DialogTitle id="edit-release-title">
          {single
            ? t('releases.edit.title', { container: rows[0]?.containerNumber })
            : t('releases.edit.multiTitle', { count: rows.length })}
        </DialogTitle>
        <DialogContent>
          <Box
            component="form"
            noValidate
            id="edit-release-form"
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {single ? null : (
              <>
                <DialogContentText sx={{ mb: 2 }}>{t('releases.edit.multiHint')}</DialogContentText>
                <Box sx={{ mb: 2 }}>
                  <SelectedContainers rows={rows} />
                </Box>
              </>
            )}
            <ReleaseFields
              sections={[
                { title: t('releases.form.billOfLading'), fields: editSections.billOfLading },
                { title: t('releases.form.container'), fields: editSections.container },
                { title: t('releases.form.turnIn'), fields: editSections.turnIn },
              ]}
              values={values}
              errors={translateFieldKeys(t, errors, values)}
              onChange={(field: ReleaseFormField, value) =>
                setValues((now) => ({ ...now, [field as EditableField]: value }))
              }
              terminals={terminals}
              locked={locked}
              testIdPrefix="edit"
            />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={guard.requestClose} disabled={save.isPending} data-testid="edit-cancel">
            {t('releases.cancel')}
          </Button>
          <Button
            type="submit"
            form="edit-release-form"
            variant="contained"
            disabled={!hasChange || save.isPending}
            data-testid="edit-submit"
          >
            {t('releases.edit.submit')}
          </Button>
        </DialogActions>
        {guard.confirmation}
      </Dialog>
      <ConfirmDialog
        testId="release-confirm"
        cancelLabel={t('releases.cancel')}
        open={confirming}
        title={t('releases.edit.confirmTitle')}
        text={t('releases.edit.confirmText', { count: rows.length })}
        confirmLabel={t('releases.edit.confirm')}
        busy={save.isPending}
        onConfirm={() => save.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
