import type { DocumentView, OrganizationLookup } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { documentKeys, findShareTargets, shareDocument } from './documents-api.ts';

export interface ShareDialogProps {
  document: DocumentView;
  onClose: () => void;
}

/**
 * Access spec §2 "a share dialog": the draft goes to one connected organisation (a finalised
 * connection), which then has it to accept or reject (§4).
 */
export function ShareDialog({ document, onClose }: ShareDialogProps) {
  const { t } = useTranslation();
  const { enqueue } = useSnackbar();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<OrganizationLookup | null>(null);
  const [missing, setMissing] = useState(false);
  const targets = useQuery({ queryKey: documentKeys.shareTargets, queryFn: findShareTargets });
  const share = useMutation({
    mutationFn: (chosen: OrganizationLookup) => shareDocument(document.id, chosen.address),
    onSuccess: async (shared) => {
      queryClient.setQueryData(documentKeys.one(shared.id), shared);
      await queryClient.invalidateQueries({ queryKey: documentKeys.all });
      enqueue(t('documents.share.done', { name: shared.sharedWith?.name ?? '' }), 'success');
      onClose();
    },
  });
  const confirm = () => {
    if (!target) return setMissing(true);
    share.mutate(target);
  };
  const noTargets = targets.isSuccess && targets.data.length === 0;
  return (
    <FormDialog
      title={t('documents.share.title', { reference: document.reference })}
      testId="share-dialog"
      onClose={share.isPending ? undefined : onClose}
      cancelLabel={t('documents.cancel')}
      submit={{
        label: t('documents.share.confirm'),
        onClick: confirm,
        disabled: share.isPending || noTargets,
        testId: 'share-confirm',
      }}
    >
      <Alert severity="info">{t('documents.share.explanation')}</Alert>
      {noTargets && <Alert severity="error">{t('backend.error.no_finalized_connection')}</Alert>}
      {targets.isError && <Alert severity="error">{describeApiError(targets.error, t)}</Alert>}
      <Autocomplete<OrganizationLookup>
        options={targets.data ?? []}
        loading={targets.isPending}
        value={target}
        onChange={(_, chosen) => {
          setTarget(chosen);
          setMissing(false);
        }}
        getOptionLabel={(option) => option.name}
        isOptionEqualToValue={(option, value) => option.address === value.address}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('documents.share.target')}
            error={missing}
            helperText={missing ? t('backend.error.missing_target_organization') : undefined}
            inputProps={{ ...params.inputProps, 'data-testid': 'share-target' }}
          />
        )}
      />
      {share.isError && (
        <Alert severity="error" data-testid="share-error">
          {describeApiError(share.error, t)}
        </Alert>
      )}
    </FormDialog>
  );
}
