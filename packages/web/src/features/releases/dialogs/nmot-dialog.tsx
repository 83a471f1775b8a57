import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { modesOfTransport, type ContainerRow, type ModeOfTransport } from '@scr/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useSnackbar } from '../../../ui/snackbar/snackbar-context.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { ReportDialog } from './report-dialog.tsx';
import { SelectedContainers } from './selected-containers.tsx';

export interface NmotDialogProps {
  rows: ContainerRow[];
  onClose: () => void;
}

/** The mode the selection shares already, else truck. */
function initialMode(rows: readonly ContainerRow[]): ModeOfTransport {
  const modes = new Set(rows.map((row) => row.nextModeOfTransport));
  const [only] = [...modes];
  return modes.size === 1 && only ? only : 'truck';
}

/**
 * Releases spec §2 "Next-mode-of-transport dialog" (choices truck, barge, rail, unknown), §7
 * `nmots` create for the selection: sets it, then reports the releases the server refused
 * (not owned, deleted, picked up, not found) with their reasons.
 */
export function NmotDialog({ rows, onClose }: NmotDialogProps) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const queryClient = useQueryClient();
  const { enqueue } = useSnackbar();
  const [mode, setMode] = useState<ModeOfTransport>(() => initialMode(rows));
  const [refused, setRefused] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: () =>
      api.setNextModeOfTransport({
        releases: rows.map((row) => row.address),
        modeOfTransport: mode,
      }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
      if (answer.applied.length > 0) {
        enqueue(
          t('nmot.done', { count: answer.applied.length, mode: t(`nmot.mode.${mode}`) }),
          'success',
        );
      }
      const names = new Map(rows.map((row) => [row.address, row.containerNumber]));
      const lines = answer.refused.map(
        (item) =>
          `${names.get(item.address) ?? item.address}: ${t(`releases.refusal.${item.reason}`, {
            defaultValue: item.error,
          })}`,
      );
      if (lines.length > 0) setRefused(lines);
      else onClose();
    },
    onError: (error) => enqueue(describeApiError(error, t), 'error'),
  });

  if (refused.length > 0) {
    return (
      <ReportDialog
        title={t('nmot.reportTitle')}
        text={t('nmot.someRefused')}
        lines={refused}
        onClose={onClose}
      />
    );
  }
  return (
    <ConfirmDialog
      testId="nmot-confirm"
      open
      title={t('nmot.title')}
      text={t('nmot.text', { count: rows.length })}
      confirmLabel={t('nmot.confirm')}
      cancelLabel={t('releases.cancel')}
      busy={save.isPending}
      onConfirm={() => save.mutate()}
      onClose={onClose}
    >
      <SelectedContainers rows={rows} />
      <RadioGroup
        aria-label={t('nmot.title')}
        value={mode}
        onChange={(event) => setMode(event.target.value as ModeOfTransport)}
        data-testid="nmot-modes"
      >
        {modesOfTransport.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio data-testid={`nmot-mode-${option}`} />}
            label={t(`nmot.mode.${option}`)}
          />
        ))}
      </RadioGroup>
    </ConfirmDialog>
  );
}
