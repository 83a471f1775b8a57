import type { OrganizationView } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { adminApi } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { CopyButton } from '../common/copy-button.tsx';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { initialPasswordProblem } from '../common/passwords.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { InitialPasswordFields } from '../users/initial-password-fields.tsx';
import { emptyPerson, personBody, PersonFields, personProblems } from '../users/person-fields.tsx';
import { OrganizationFields } from './organization-fields.tsx';
import { emptyOrganization, organizationBody, organizationProblems } from './organization-form.ts';
import { FormDialog } from '../../../ui/form-dialog.tsx';

const addressPattern = /^0x[0-9a-fA-F]{40}$/;

/**
 * Support creates an organisation with its first admin. With the cloud wallet the portal makes
 * its keys and wraps them under the first admin's initial password; an on-premise wallet brings
 * the address and sealing key that `npm run wallet -- init` printed.
 */
export function CreateOrganizationDialog(props: { onClose: () => void }) {
  const { t } = useAdminT();
  const [org, setOrg] = useState(emptyOrganization);
  const [keys, setKeys] = useState({ address: '', sealingPublicKey: '' });
  const [admin, setAdmin] = useState(emptyPerson);
  const [password, setPassword] = useState({ value: '', repeated: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<OrganizationView | null>(null);
  const cloud = org.wallet === 'cloud';
  const create = useAdminMutation({
    mutationFn: () =>
      adminApi.organizations.create({
        ...organizationBody(org),
        ...(cloud
          ? {}
          : { address: keys.address.trim(), sealingPublicKey: keys.sealingPublicKey.trim() }),
        firstAdmin: { ...personBody(admin), ...(cloud ? { password: password.value } : {}) },
      }),
    success: 'organizations.created',
    invalidates: ['organizations'],
    onSuccess: setCreated,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems: FieldErrors = {
      ...organizationProblems(org),
      ...personProblems(admin, 'firstAdmin.'),
    };
    if (cloud) {
      const passwordProblem = initialPasswordProblem(password.value, password.repeated);
      for (const [field, key] of Object.entries(passwordProblem))
        problems[`firstAdmin.${field}`] = key;
    } else {
      if (!addressPattern.test(keys.address.trim())) problems.address = 'validation.address';
      if (!keys.sealingPublicKey.trim()) problems.sealingPublicKey = 'validation.required';
    }
    setErrors(problems);
    if (!hasErrors(problems)) create.mutate(undefined);
  };
  const adminErrors = Object.fromEntries(
    Object.entries(errors)
      .filter(([field]) => field.startsWith('firstAdmin.'))
      .map(([field, key]) => [field.slice('firstAdmin.'.length), key]),
  );

  if (created) {
    return (
      <FormDialog
        title={t('organizations.createdTitle', { name: created.name })}
        onClose={props.onClose}
        actions={
          <Button variant="contained" onClick={props.onClose}>
            {t('common.close')}
          </Button>
        }
      >
        <Stack spacing={2} data-testid="organization-created">
          <Typography>
            {t('organizations.createdText', { email: admin.email.trim().toLowerCase() })}
          </Typography>
          {cloud ? (
            <>
              <Alert severity="warning">{t('organizations.passOn')}</Alert>
              <code style={{ fontSize: 18 }}>{password.value}</code>
              <div>
                <CopyButton value={password.value} testId="organization-created-copy" />
              </div>
            </>
          ) : (
            <Alert severity="info">{t('organizations.onPremiseNext')}</Alert>
          )}
        </Stack>
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title={t('organizations.newTitle')}
      testId="organization-dialog"
      maxWidth="md"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('common.create'),
        onClick: submit,
        disabled: create.isPending,
        testId: 'organization-create',
      }}
    >
      <OrganizationFields value={org} onChange={setOrg} errors={errors} />
      {!cloud && (
        <>
          <TextField
            label={t('organizations.address')}
            required
            value={keys.address}
            onChange={(event) => setKeys({ ...keys, address: event.target.value })}
            error={Boolean(errors.address)}
            helperText={fieldMessage(t, errors.address) ?? t('organizations.addressHelp')}
          />
          <TextField
            label={t('organizations.sealingKey')}
            required
            value={keys.sealingPublicKey}
            onChange={(event) => setKeys({ ...keys, sealingPublicKey: event.target.value })}
            error={Boolean(errors.sealingPublicKey)}
            helperText={fieldMessage(t, errors.sealingPublicKey)}
          />
        </>
      )}
      <Divider />
      <Typography variant="subtitle2">{t('organizations.firstAdmin')}</Typography>
      <PersonFields
        value={admin}
        onChange={setAdmin}
        errors={adminErrors}
        testPrefix="first-admin"
      />
      {cloud && (
        <InitialPasswordFields
          password={password.value}
          repeated={password.repeated}
          onChange={(value, repeated) => setPassword({ value, repeated })}
          errors={adminErrors}
          testPrefix="first-admin"
        />
      )}
    </FormDialog>
  );
}
