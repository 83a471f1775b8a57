import AutorenewIcon from '@mui/icons-material/Autorenew';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, type FieldErrors } from '../common/field-errors.ts';
import { generatePassword } from '../common/passwords.ts';
import { SecretField } from '../common/secret-field.tsx';

/** An initial wallet password typed twice, or generated and then shown to be passed on. */
export function InitialPasswordFields(props: {
  password: string;
  repeated: string;
  onChange: (password: string, repeated: string) => void;
  errors: FieldErrors;
  testPrefix: string;
}) {
  const { t } = useAdminT();
  const [generated, setGenerated] = useState(false);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <SecretField
          testId={`${props.testPrefix}-password`}
          label={t('users.initialPassword')}
          autoComplete="new-password"
          value={props.password}
          shown={generated}
          onChange={(value) => {
            setGenerated(false);
            props.onChange(value, props.repeated);
          }}
          error={fieldMessage(t, props.errors.password, 'password')}
          helperText={t('users.initialPasswordHelp')}
        />
        <Button
          startIcon={<AutorenewIcon />}
          onClick={() => {
            const password = generatePassword();
            setGenerated(true);
            props.onChange(password, password);
          }}
          sx={{ flexShrink: 0, mt: { sm: 1 } }}
          data-testid={`${props.testPrefix}-generate`}
        >
          {t('users.generate')}
        </Button>
      </Stack>
      {!generated && (
        <SecretField
          testId={`${props.testPrefix}-repeat-password`}
          label={t('users.repeatPassword')}
          autoComplete="new-password"
          value={props.repeated}
          onChange={(value) => props.onChange(props.password, value)}
          error={fieldMessage(t, props.errors.repeatPassword, 'password')}
        />
      )}
    </Stack>
  );
}
