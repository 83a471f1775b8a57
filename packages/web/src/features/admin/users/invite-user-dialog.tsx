import { mayAddWallet } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeApiError } from '../../../api/errors.ts';
import { useSession } from '../../session/session-context.tsx';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { OrganizationPicker, type OrganizationChoice } from '../common/organization-picker.tsx';
import { initialPasswordProblem } from '../common/passwords.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { WalletPasswordFields } from './wallet-password-fields.tsx';
import { inviteUser, type InviteOutcome } from './invite-user.ts';
import { InvitedSummary } from './invited-summary.tsx';
import { emptyPerson, personBody, PersonFields, personProblems } from './person-fields.tsx';
import { FormDialog } from '../../../ui/form-dialog.tsx';

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
  // The section's organisation until one is chosen here: its name arrives once it has loaded.
  const [chosen, setOrganization] = useState<OrganizationChoice | null | undefined>(undefined);
  const organization = chosen === undefined ? props.organization : chosen;
  const [person, setPerson] = useState(emptyPerson);
  const [password, setPassword] = useState({ value: '', repeated: '' });
  const [adminPassword, setAdminPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<InviteOutcome | null>(null);
  const withWallet = !!organization && mayAddWallet(me, organization.id);

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
      <FormDialog
        title={t('users.invitedTitle')}
        onClose={props.onClose}
        actions={
          <Button variant="contained" onClick={props.onClose} data-testid="invite-done">
            {t('common.close')}
          </Button>
        }
      >
        <InvitedSummary
          user={outcome.user}
          initialPassword={outcome.walletAdded ? password.value : null}
          walletProblem={outcome.walletError ? describeApiError(outcome.walletError, tApp) : null}
        />
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title={t('users.inviteTitle')}
      testId="invite-dialog"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('users.invite'),
        onClick: submit,
        disabled: invite.isPending,
        testId: 'invite-submit',
      }}
    >
      {props.canChooseOrganization && (
        <OrganizationPicker
          testId="invite-organization"
          label={t('common.organization')}
          value={organization}
          onChange={setOrganization}
          required
          error={fieldMessage(t, errors.organizationId, 'organization')}
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
          <WalletPasswordFields
            password={password}
            onPasswordChange={setPassword}
            adminPassword={adminPassword}
            onAdminPasswordChange={setAdminPassword}
            errors={errors}
            testPrefix="invite"
          />
        </>
      ) : (
        <Alert severity="info" data-testid="invite-no-wallet">
          {organization
            ? t('users.noWalletHere', { organization: organization.name })
            : t('users.noWalletChooseFirst')}
        </Alert>
      )}
    </FormDialog>
  );
}
