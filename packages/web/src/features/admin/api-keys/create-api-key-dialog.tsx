import type { CreatedApiKey } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '../../../ui/form-dialog.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { CopyButton } from '../common/copy-button.tsx';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import type { OrganizationChoice } from '../common/organization-picker.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { useScopeLabel } from './scope-chips.tsx';

/**
 * Makes an API key: a name and its scopes, then the key itself, shown this once with a copy
 * button. Closing forgets it; the portal keeps only a salted hash.
 */
export function CreateApiKeyDialog(props: {
  organization: OrganizationChoice;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const scopeLabel = useScopeLabel();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const available = useQuery({
    queryKey: adminKeys.of('apiKeyScopes'),
    queryFn: () => adminApi.apiKeyScopes.find<string[]>(),
    staleTime: Infinity,
  });
  const create = useAdminMutation({
    mutationFn: () =>
      adminApi.apiKeys.create({ organizationId: props.organization.id, name: name.trim(), scopes }),
    success: 'apiKeys.createdSnackbar',
    invalidates: ['apiKeys'],
    onSuccess: (key) => setCreated(key),
    onFieldErrors: setErrors,
  });

  const submit = () => {
    const problems: FieldErrors = {};
    if (!name.trim()) problems.name = 'validation.required';
    if (scopes.length === 0) problems.scopes = 'validation.minItems';
    setErrors(problems);
    if (!hasErrors(problems)) create.mutate(undefined);
  };
  const toggle = (scope: string, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  if (created) {
    return (
      <FormDialog
        title={t('apiKeys.shownTitle', { name: created.name })}
        testId="api-key-shown"
        actions={
          <Button variant="contained" onClick={props.onClose} data-testid="api-key-done">
            {t('apiKeys.done')}
          </Button>
        }
      >
        <Alert severity="warning" data-testid="api-key-once-warning">
          {t('apiKeys.onceWarning')}
        </Alert>
        <TextField
          label={t('apiKeys.key')}
          value={created.key}
          fullWidth
          multiline
          slotProps={{
            htmlInput: {
              readOnly: true,
              'data-testid': 'api-key-value',
              style: { fontFamily: 'monospace' },
            },
          }}
          onFocus={(event) => event.target.select()}
        />
        <div>
          <CopyButton value={created.key} testId="api-key-copy" />
        </div>
        <Alert severity="info">{t('apiKeys.howToUse')}</Alert>
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title={t('apiKeys.newTitle', { organization: props.organization.name })}
      testId="api-key-dialog"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('apiKeys.create'),
        onClick: submit,
        disabled: create.isPending,
        testId: 'api-key-create',
      }}
    >
      <TextField
        label={t('apiKeys.name')}
        required
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(errors.name)}
        helperText={fieldMessage(t, errors.name, 'name') ?? t('apiKeys.nameHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'api-key-name', maxLength: 100 } }}
      />
      <FormControl error={Boolean(errors.scopes)} component="fieldset" required>
        <FormLabel component="legend">{t('apiKeys.scopes')}</FormLabel>
        <FormGroup>
          {(available.data ?? []).map((scope) => (
            <FormControlLabel
              key={scope}
              control={
                <Checkbox
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': `scope-${scope}` } }}
                  data-testid={`api-key-scope-${scope}`}
                />
              }
              label={`${scopeLabel(scope)} (${scope})`}
            />
          ))}
        </FormGroup>
        {errors.scopes && <FormHelperText>{fieldMessage(t, errors.scopes)}</FormHelperText>}
      </FormControl>
    </FormDialog>
  );
}
