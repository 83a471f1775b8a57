import { reachesEveryOrganization } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import { adminApi } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { OrganizationPicker, type OrganizationChoice } from '../common/organization-picker.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { FormDialog } from '../../../ui/form-dialog.tsx';

/**
 * Asks another organisation to connect (releases spec §6: a transfer needs a finalised
 * connection). Support picks both sides and may finalise at once.
 */
export function RequestConnectionDialog(props: { onClose: () => void }) {
  const { t } = useAdminT();
  const { user } = useSession();
  const support = reachesEveryOrganization(user, 'connection.request');
  const [from, setFrom] = useState<OrganizationChoice | null>(null);
  const [to, setTo] = useState<OrganizationChoice | null>(null);
  const [finalized, setFinalized] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const request = useAdminMutation({
    mutationFn: () =>
      adminApi.connections.create({
        connectedOrganizationId: to!.id,
        ...(support
          ? { organizationId: from!.id, status: finalized ? 'finalized' : 'requested' }
          : {}),
      }),
    success: 'connections.requested',
    invalidates: ['connections', 'organizations'],
    onSuccess: props.onClose,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems: FieldErrors = {};
    if (support && !from) problems.organizationId = 'validation.required';
    if (!to) problems.connectedOrganizationId = 'validation.required';
    setErrors(problems);
    if (!hasErrors(problems)) request.mutate(undefined);
  };
  const ownId = support ? from?.id : user?.organizationId;
  return (
    <FormDialog
      title={t('connections.requestTitle')}
      testId="connection-dialog"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('connections.request'),
        onClick: submit,
        disabled: request.isPending,
        testId: 'connection-submit',
      }}
    >
      <Alert severity="info">
        {t(support ? 'connections.supportText' : 'connections.requestText')}
      </Alert>
      {support && (
        <OrganizationPicker
          testId="connection-from"
          label={t('connections.from')}
          value={from}
          onChange={setFrom}
          required
          error={fieldMessage(t, errors.organizationId, 'organization')}
        />
      )}
      <OrganizationPicker
        testId="connection-to"
        label={t('connections.to')}
        value={to}
        onChange={setTo}
        excludeIds={ownId ? [ownId] : []}
        required
        error={fieldMessage(t, errors.connectedOrganizationId, 'organization')}
      />
      {support && (
        <FormControlLabel
          control={
            <Checkbox
              checked={finalized}
              onChange={(event) => setFinalized(event.target.checked)}
            />
          }
          label={t('connections.finalizeNow')}
        />
      )}
    </FormDialog>
  );
}
