import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import type { AdminUser } from '../api/admin-types.ts';
import { addWalletUser } from '../api/wallet-users.ts';
import { useAdminT } from '../admin-i18n.ts';
import { CopyButton } from '../common/copy-button.tsx';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { initialPasswordProblem } from '../common/passwords.ts';
import { SecretField } from '../common/secret-field.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { InitialPasswordFields } from './initial-password-fields.tsx';

/**
 * Adds an existing user of the admin's own organisation to its wallet (a user support invited, or
 * whose keystore could not be added at invitation): the admin unlocks their own wallet, which
 * wraps the organisation key under the user's initial password.
 */
export function AddWalletDialog(props: { user: AdminUser; onClose: () => void }) {
  const { t } = useAdminT();
  const { user: me } = useSession();
  const [password, setPassword] = useState({ value: '', repeated: '' });
  const [adminPassword, setAdminPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const add = useAdminMutation({
    mutationFn: async () => {
      if (!me) throw new Error('signed out');
      await addWalletUser(
        { id: me.id, walletUrl: me.organization.walletUrl, password: adminPassword },
        {
          userId: props.user.id,
          password: password.value,
          type: props.user.isAdmin ? 'admin' : 'user',
        },
      );
    },
    success: 'users.walletAdded',
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
  return (
    <Dialog
      open
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="add-wallet-title"
      data-testid="add-wallet-dialog"
    >
      <DialogTitle id="add-wallet-title">{t('users.addWalletTitle', { name })}</DialogTitle>
      <DialogContent>
        {done ? (
          <Stack spacing={2}>
            <Alert severity="warning">{t('users.passOn', { name })}</Alert>
            <code style={{ fontSize: 18 }}>{password.value}</code>
            <div>
              <CopyButton value={password.value} testId="add-wallet-copy" />
            </div>
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Alert severity="info">{t('users.addWalletText')}</Alert>
            <InitialPasswordFields
              password={password.value}
              repeated={password.repeated}
              onChange={(value, repeated) => setPassword({ value, repeated })}
              errors={errors}
              testPrefix="add-wallet"
            />
            <SecretField
              testId="add-wallet-admin-password"
              label={t('users.yourWalletPassword')}
              autoComplete="current-password"
              value={adminPassword}
              onChange={setAdminPassword}
              error={fieldMessage(t, errors.adminPassword)}
              helperText={t('users.yourWalletPasswordHelp')}
            />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {done ? (
          <Button variant="contained" onClick={props.onClose}>
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={props.onClose}>{t('common.cancel')}</Button>
            <Button
              variant="contained"
              onClick={submit}
              disabled={add.isPending}
              data-testid="add-wallet-submit"
            >
              {t('users.addWallet')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
