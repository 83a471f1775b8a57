import { fieldMessage, type FieldErrors } from '../common/field-errors.ts';
import { SecretField } from '../common/secret-field.tsx';
import { useAdminT } from '../admin-i18n.ts';
import { InitialPasswordFields } from './initial-password-fields.tsx';

/** A new wallet user's initial password, typed twice. */
export interface InitialPassword {
  value: string;
  repeated: string;
}

/**
 * DESIGN §3 "Keys and the ID wallet": what adding a user to the wallet asks, whether on
 * invitation or later: the new user's initial password, and the admin's own wallet password
 * (only the admin's unlocked wallet can wrap the organisation key).
 */
export function WalletPasswordFields(props: {
  password: InitialPassword;
  onPasswordChange: (password: InitialPassword) => void;
  adminPassword: string;
  onAdminPasswordChange: (value: string) => void;
  errors: FieldErrors;
  testPrefix: string;
}) {
  const { t } = useAdminT();
  return (
    <>
      <InitialPasswordFields
        password={props.password.value}
        repeated={props.password.repeated}
        onChange={(value, repeated) => props.onPasswordChange({ value, repeated })}
        errors={props.errors}
        testPrefix={props.testPrefix}
      />
      <SecretField
        testId={`${props.testPrefix}-admin-password`}
        label={t('users.yourWalletPassword')}
        autoComplete="current-password"
        value={props.adminPassword}
        onChange={props.onAdminPasswordChange}
        error={fieldMessage(t, props.errors.adminPassword, 'walletPassword')}
        helperText={t('users.yourWalletPasswordHelp')}
      />
    </>
  );
}
