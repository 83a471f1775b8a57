import {
  machineWalletUserNameLength,
  machineWalletUserProblem,
  type ApiKeyView,
  type CreatedMachineWalletUser,
  type MachineWalletUserView,
} from '@scr/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../ui/form-dialog.tsx';
import { useSession } from '../../session/session-context.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { createMachineWalletUser } from '../api/wallet-users.ts';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { SecretField } from '../common/secret-field.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { MachineUserShown } from './machine-user-shown.tsx';

/**
 * Makes a system's machine wallet user (README "The API for systems"): a name, the API key the
 * system calls with (only an active key with custody:write and no machine wallet user yet may
 * be chosen: domain `machineWalletUserProblem`, the server's rule), and the admin's own wallet
 * password, whose unlocked wallet wraps the organisation key. Then the secret, shown once.
 */
export function CreateMachineUserDialog(props: {
  organization: { id: number; name: string; walletUrl: string | null };
  machineUsers: readonly MachineWalletUserView[];
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const { user: me } = useSession();
  const [name, setName] = useState('');
  const [apiKeyId, setApiKeyId] = useState<number | ''>('');
  const [adminPassword, setAdminPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedMachineWalletUser | null>(null);
  const keys = useQuery({
    queryKey: adminKeys.of('apiKeys', { organizationId: props.organization.id, active: true }),
    queryFn: () =>
      adminApi.apiKeys.find({
        organizationId: props.organization.id,
        includeRevoked: false,
        $limit: 100,
      }),
  });
  const linked = new Set(props.machineUsers.filter((m) => !m.revokedAt).map((m) => m.apiKeyId));
  const problemOf = (key: ApiKeyView) =>
    machineWalletUserProblem(props.organization, {
      organizationId: key.organizationId,
      revoked: key.revokedAt !== null,
      scopes: key.scopes,
      linked: linked.has(key.id),
    });
  const create = useAdminMutation({
    mutationFn: () => {
      if (!me) throw new Error('signed out');
      return createMachineWalletUser(
        { id: me.id, walletUrl: me.organization.walletUrl, password: adminPassword },
        { name: name.trim(), apiKeyId: Number(apiKeyId) },
      );
    },
    success: 'machineUsers.createdSnackbar',
    invalidates: ['machineWalletUsers'],
    onSuccess: setCreated,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems: FieldErrors = {};
    if (!name.trim()) problems.name = 'validation.required';
    if (apiKeyId === '') problems.apiKeyId = 'validation.required';
    if (!adminPassword) problems.adminPassword = 'validation.required';
    setErrors(problems);
    if (!hasErrors(problems)) create.mutate(undefined);
  };

  if (created) return <MachineUserShown created={created} onClose={props.onClose} />;
  return (
    <FormDialog
      title={t('machineUsers.newTitle', { organization: props.organization.name })}
      testId="machine-user-dialog"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('machineUsers.create'),
        onClick: submit,
        disabled: create.isPending,
        testId: 'machine-user-create',
      }}
    >
      <TextField
        label={t('machineUsers.name')}
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errors.name)}
        helperText={fieldMessage(t, errors.name) ?? t('machineUsers.nameHelp')}
        slotProps={{
          htmlInput: { 'data-testid': 'machine-user-name', maxLength: machineWalletUserNameLength },
        }}
      />
      <TextField
        select
        label={t('machineUsers.apiKey')}
        required
        value={apiKeyId}
        onChange={(event) => setApiKeyId(Number(event.target.value))}
        error={Boolean(errors.apiKeyId)}
        helperText={fieldMessage(t, errors.apiKeyId) ?? t('machineUsers.apiKeyHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'machine-user-key' } }}
      >
        {(keys.data?.data ?? []).map((key) => {
          const problem = problemOf(key);
          return (
            <MenuItem
              key={key.id}
              value={key.id}
              disabled={problem !== null}
              data-testid={`machine-user-key-${key.id}`}
            >
              {`${key.name} (scr_${key.prefix}_…)`}
              {problem ? ` · ${t(problem.key)}` : ''}
            </MenuItem>
          );
        })}
      </TextField>
      <SecretField
        testId="machine-user-admin-password"
        label={t('users.yourWalletPassword')}
        autoComplete="current-password"
        value={adminPassword}
        onChange={setAdminPassword}
        error={fieldMessage(t, errors.adminPassword ?? errors.walletToken)}
        helperText={t('machineUsers.walletPasswordHelp')}
      />
    </FormDialog>
  );
}
