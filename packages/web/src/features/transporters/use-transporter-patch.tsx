import type { AssignedRelease, TransporterPatchAnswer, TransporterType } from '@scr/domain';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, describeApiError } from '../../api/errors.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { releaseKeys } from '../releases/api/query-keys.ts';
import { patchTransporter, transporterKeys, type TransporterShapes } from './transporters-api.ts';
import { useSignedUnassign } from './use-signed-unassign.tsx';

interface Pending {
  id: number;
  body: Record<string, unknown>;
  releases: AssignedRelease[];
}

/** The releases a 409 `transporter_has_assignments` lists (`data.assignedReleases`). */
export function assignedReleasesOf(error: unknown): AssignedRelease[] {
  const data = (error as { data?: { assignedReleases?: unknown } } | null)?.data;
  return Array.isArray(data?.assignedReleases) ? (data.assignedReleases as AssignedRelease[]) : [];
}

/**
 * A PATCH of a driver, barge or train (access spec §4): when the server answers that releases
 * are still assigned to it, the warning lists them; confirming signs the unassign in the ID
 * wallet and sends it with the same change, and the answer's `removedReleases` are reported.
 */
export function useTransporterPatch<K extends TransporterType>(
  type: K,
  options: {
    onDone?: (answer: TransporterPatchAnswer) => void;
    onFieldErrors?: (e: unknown) => void;
  } = {},
) {
  const { t } = useTranslation();
  const { enqueue } = useSnackbar();
  const queryClient = useQueryClient();
  const unassigning = useSignedUnassign();
  const [pending, setPending] = useState<Pending | null>(null);
  const mutation = useMutation({
    mutationFn: async (call: {
      id: number;
      body: Record<string, unknown>;
      unassign?: string[];
    }) => {
      const unassign = call.unassign ? await unassigning.sign(call.unassign) : undefined;
      return patchTransporter(type, call.id, {
        ...call.body,
        ...(unassign ? { unassign } : {}),
      } as TransporterShapes[K]['patch']);
    },
    onSuccess: async (answer) => {
      setPending(null);
      await queryClient.invalidateQueries({ queryKey: transporterKeys.of(type) });
      // The releases it unassigned are no longer assigned in the overview either.
      if (answer.removedReleases.length > 0)
        void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
      enqueue(
        answer.removedReleases.length > 0
          ? t('transporters.unassign.done', { count: answer.removedReleases.length })
          : t('transporters.saved'),
        'success',
      );
      options.onDone?.(answer);
    },
    onError: (error, call) => {
      if (apiErrorCode(error) === 'transporter_has_assignments') {
        setPending({ id: call.id, body: call.body, releases: assignedReleasesOf(error) });
        return;
      }
      setPending(null);
      options.onFieldErrors?.(error);
      enqueue(describeApiError(error, t), 'error');
    },
  });
  const warning = (
    <>
      {unassigning.prompt}
      <ConfirmDialog
        open={pending !== null}
        title={t('transporters.unassign.title')}
        text={t('transporters.unassign.text', { count: pending?.releases.length ?? 0 })}
        confirmLabel={t('transporters.unassign.confirm')}
        cancelLabel={t('transporters.cancel')}
        testId="transporter-unassign"
        danger
        busy={mutation.isPending}
        onClose={() => setPending(null)}
        onConfirm={() =>
          pending &&
          mutation.mutate({
            id: pending.id,
            body: pending.body,
            unassign: pending.releases.map((release) => release.address),
          })
        }
      >
        <Table size="small" data-testid="transporter-unassign-releases">
          <TableHead>
            <TableRow>
              <TableCell>{t('transporters.unassign.blNumber')}</TableCell>
              <TableCell>{t('transporters.unassign.containerNumber')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(pending?.releases ?? []).map((release) => (
              <TableRow key={release.address}>
                <TableCell>{release.blNumber}</TableCell>
                <TableCell>{release.containerNumber}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ConfirmDialog>
    </>
  );
  return {
    patch: (id: number, body: Record<string, unknown>) => mutation.mutate({ id, body }),
    isPending: mutation.isPending,
    warning,
  };
}
