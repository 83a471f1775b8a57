import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeApiError } from '../../../api/errors.ts';
import { useSession } from '../../session/session-context.tsx';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { OrganizationPicker, type OrganizationChoice } from '../common/organization-picker.tsx';
import { initialPasswordProblem } from '../common/passwords.ts';
import { SecretField } from '../common/secret-field.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { InitialPasswordFields } from './initial-password-fields.tsx';
import { inviteUser, type InviteOutcome } from './invite-user.ts';
import { InvitedSummary } from './invited-summary.tsx';
import { emptyPerson, personBody, PersonFields, personProblems } from './person-fields.tsx';

/**
 * Invites a user. An admin of the organisation unlocks their own wallet in the same step, which
 * adds the new user's keystore under an initial password to pass on; anyone else (support, for
 * another organisation) makes the user, and that organisation's admin adds the wallet later.
 */
export function InviteUserDialog(props: {
  organization: OrganizationChoice | null;
  canChooseOrganization: boolean;
  onClose: () => void;
}) {
  const { t, tApp } = useAdminT();
  const { user: me } = useSession();
  const [organization, setOrganization] = useState(props.organization);
  const [person, setPerson] = useState(emptyPerson);
  const [password, setPassword] = useState({ value: '', repeated: '' });
  const [adminPassword, setAdminPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<InviteOutcome | null>(null);
  const withWallet = Boolean(me?.isAdmin && organization && organization.id === me.organizationId);

  const invite = useAdminMutation({
    mutationFn: () =>
      inviteUser(
        { ...personBody(person), isAdmin: person.isAdmin, organizationId: organization?.id },
        withWallet && me
          ? {
              adminId: me.id,
              walletUrl: me.organization.walletUrl,
              adminPassword,
              initialPassword: password.value,
            }
          : null,
      ),
    success: (result) => (result.walletAdded ? 'users.invited' : 'users.invitedWithoutWallet'),
    invalidates: ['users'],
    onSuccess: setOutcome,
    onFieldErrors: setErrors,
  });

  const submit = () => {
    const problems: FieldErrors = personProblems(person);
    if (!organization) problems.organizationId = 'validation.required';
    if (withWallet) {
      Object.assign(problems, initialPasswordProblem(password.value, password.repeated));
      if (!adminPassword) problems.adminPassword = 'validation.required';
    }
    setErrors(problems);
    if (!hasErrors(problems)) invite.mutate(undefined);
  };

  if (outcome) {
    return (
      <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth aria-labelledby="invited-title">
        <DialogTitle id="invited-title">{t('users.invitedTitle')}</DialogTitle>
        <DialogContent>
          <InvitedSummary
            user={outcome.user}
            initialPassword={outcome.walletAdded ? password.value : null}
            walletProblem={outcome.walletError ? describeApiError(outcome.walletError, tApp) : null}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={props.onClose} data-testid="invite-done">
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="invite-title"
      data-testid="invite-dialog"
    >
      <DialogTitle id="invite-title">{t('users.inviteTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.canChooseOrganization && (
            <OrganizationPicker
              testId="invite-organization"
              label={t('common.organization')}
              value={organization}
              onChange={setOrganization}
              required
              error={fieldMessage(t, errors.organizationId)}
            />
          )}
          <PersonFields
            value={person}
            onChange={setPerson}
            errors={errors}
            withAdmin
            testPrefix="invite"
          />
          <Divider />
          {withWallet ? (
            <>
              <Typography variant="subtitle2">{t('users.walletStep')}</Typography>
              <InitialPasswordFields
                password={password.value}
                repeated={password.repeated}
                onChange={(value, repeated) => setPassword({ value, repeated })}
                errors={errors}
                testPrefix="invite"
              />
              <SecretField
                testId="invite-admin-password"
                label={t('users.yourWalletPassword')}
                autoComplete="current-password"
                value={adminPassword}
                onChange={setAdminPassword}
                error={fieldMessage(t, errors.adminPassword)}
                helperText={t('users.yourWalletPasswordHelp')}
              />
            </>
          ) : (
            <Alert severity="info" data-testid="invite-no-wallet">
              {t('users.noWalletHere', { organization: organization?.name ?? '' })}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={invite.isPending}
          data-testid="invite-submit"
        >
          {t('users.invite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
