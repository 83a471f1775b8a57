import type { AdminUserView } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { FormDialog } from '../../../ui/form-dialog.tsx';
import { useSession } from '../../session/session-context.tsx';
import { addWalletUser, resetWalletPassword } from '../api/wallet-users.ts';
import { useAdminT } from '../admin-i18n.ts';
import { CopyButton } from '../common/copy-button.tsx';
import { hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { initialPasswordProblem } from '../common/passwords.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { WalletPasswordFields } from './wallet-password-fields.tsx';

/**
 * Adds an existing user of the admin's own organisation to its wallet (a user support invited, or
 * whose keystore could not be added at invitation): the admin unlocks their own wallet, which
 * wraps the organisation key under the user's initial password. With `reset` it does the same
 * for a user who forgot the password (access spec §2 "Forgot password?"): the new password
 * replaces the old keystore, and the user gets a sign-in link by e-mail.
 */
export function AddWalletDialog(props: {
  user: AdminUserView;
  onClose: () => void;
  reset?: boolean;
}) {
  const { t } = useAdminT();
  const { user: me } = useSession();
  const [password, setPassword] = useState({ value: '', repeated: '' });
  const [adminPassword, setAdminPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const add = useAdminMutation({
    mutationFn: async () => {
      if (!me) throw new Error('signed out');
      const admin = { id: me.id, walletUrl: me.organization.walletUrl, password: adminPassword };
      if (props.reset) {
        await resetWalletPassword(admin, { userId: props.user.id, password: password.value });
        return;
      }
      await addWalletUser(admin, {
        userId: props.user.id,
        password: password.value,
        type: props.user.isAdmin ? 'admin' : 'user',
      });
    },
    success: props.reset ? 'users.passwordReset' : 'users.walletAdded',
    invalidates: ['users'],
    onSuccess: () => setDone(true),
  });
  const submit = () => {
    const problems: FieldErrors = initialPasswordProblem(password.value, password.repeated);
    if (!adminPassword) problems.adminPassword = 'validation.required';
    setErrors(problems);
    if (!hasErrors(problems)) add.mutate(undefined);
  };
  const name = `${props.user.firstName} ${props.user.lastName}`;
  const texts = props.reset
    ? { title: 'users.resetTitle', action: 'users.resetPassword', intro: 'users.resetText' }
    : { title: 'users.addWalletTitle', action: 'users.addWallet', intro: 'users.addWalletText' };
  return (
    <FormDialog
      title={t(texts.title, { name })}
      testId={props.reset ? 'reset-password-dialog' : 'add-wallet-dialog'}
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={
        done
          ? undefined
          : {
              label: t(texts.action),
              onClick: submit,
              disabled: add.isPending,
              testId: 'add-wallet-submit',
            }
      }
      actions={
        done ? (
          <Button variant="contained" onClick={props.onClose}>
            {t('common.close')}
          </Button>
        ) : undefined
      }
    >
      {done ? (
        <>
          <Alert severity="warning">{t('users.passOn', { name })}</Alert>
          {props.reset ? (
            <Alert severity="info">{t('users.resetLinkSent', { email: props.user.email })}</Alert>
          ) : null}
          <code style={{ fontSize: 18 }}>{password.value}</code>
          <div>
            <CopyButton value={password.value} testId="add-wallet-copy" />
          </div>
        </>
      ) : (
        <>
          <Alert severity="info">{t(texts.intro, { name })}</Alert>
          <WalletPasswordFields
            password={password}
            onPasswordChange={setPassword}
            adminPassword={adminPassword}
            onAdminPasswordChange={setAdminPassword}
            errors={errors}
            testPrefix="add-wallet"
          />
        </>
      )}
    </FormDialog>
  );
}
