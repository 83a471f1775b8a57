import Box from '@mui/material/Box';
import type { ContainerRow } from '@scr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { useSnackbar } from '../../../ui/snackbar/snackbar-context.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { SelectedContainers } from './selected-containers.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { refusedLines } from './result-errors.ts';

/** How many addresses one DELETE names (the server takes up to 1000). */
const deleteChunk = 500;

/** How many containers the confirmation names before "and N more". */

export interface DeleteReleasesDialogProps {
  rows: ContainerRow[];
  onClose: () => void;
  onDeleted: (addresses: string[]) => void;
}

/** Releases spec §2 "Delete confirmation": names what goes, deletes each, reports refusals. */
export function DeleteReleasesDialog({ rows, onClose, onDeleted }: DeleteReleasesDialogProps) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const queryClient = useQueryClient();
  const { enqueue } = useSnackbar();
  const [refused, setRefused] = useState<string[]>([]);

  const remove = useMutation({
    mutationFn: async () => {
      const deleted: string[] = [];
      const failures: string[] = [];
      // In parts, so that one call never names more addresses than the server takes.
      for (let i = 0; i < rows.length; i += deleteChunk) {
        const part = rows.slice(i, i + deleteChunk);
        try {
          const results = await api.deleteReleases(part.map((row) => row.address));
          failures.push(...refusedLines(t, results, part));
          deleted.push(...results.filter((r) => !r.error).map((r) => r.address));
        } catch (error) {
          // One addressed release that cannot go answers its error instead of a list.
          failures.push(
            ...part.map((row) => `${row.containerNumber}: ${describeApiError(error, t)}`),
          );
        }
      }
      return { deleted, failures };
    },
    onSuccess: async ({ deleted, failures }) => {
      await queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
      if (deleted.length > 0) {
        onDeleted(deleted);
        enqueue(t('releases.delete.done', { count: deleted.length }), 'success');
      }
      if (failures.length > 0) setRefused(failures);
      else onClose();
    },
  });

  if (refused.length > 0) {
    return (
      <ReportDialog
        title={t('releases.delete.reportTitle')}
        text={t('releases.delete.someRefused')}
        lines={refused}
        onClose={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      testId="release-confirm"
      cancelLabel={t('releases.cancel')}
      open
      danger
      title={t('releases.delete.title', { count: rows.length })}
      text={t('releases.delete.text', { count: rows.length })}
      confirmLabel={t('releases.delete.confirm')}
      busy={remove.isPending}
      onConfirm={() => remove.mutate()}
      onClose={onClose}
    >
      <Box sx={{ mt: 1 }} data-testid="delete-containers">
        <SelectedContainers rows={rows} />
      </Box>
    </ConfirmDialog>
  );
}
