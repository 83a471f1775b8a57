import { reachesEveryOrganization, userMay, type AdminUserView } from '@scr/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import { adminApi } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { personBody, PersonFields, personProblems, type PersonForm } from './person-fields.tsx';
import { FormDialog } from '../../../ui/form-dialog.tsx';

/** Edits a user's details and rights; support may also grant support rights. */
export function EditUserDialog(props: { user: AdminUserView; onClose: () => void }) {
  const { t } = useAdminT();
  const { user: me } = useSession();
  const self = me?.id === props.user.id;
  const grantsSupport = userMay(me, 'user.grantSupport');
  const [person, setPerson] = useState<PersonForm>({
    email: props.user.email,
    firstName: props.user.firstName,
    lastName: props.user.lastName,
    preferredLanguage: props.user.preferredLanguage,
    twoFactorByEmail: props.user.twoFactorAuth === 'email',
    isAdmin: props.user.isAdmin,
  });
  const [isSupport, setIsSupport] = useState(props.user.isSupport);
  // DESIGN §3: an on-premise wallet user's sign-in key is registered here, once by an admin;
  // replacing it is support's.
  const signInKeyEditable =
    props.user.wallet === 'external' &&
    (!props.user.signInAddress || reachesEveryOrganization(me, 'user.manage'));
  const [signInAddress, setSignInAddress] = useState(props.user.signInAddress ?? '');
  const signInAddressChanged =
    signInKeyEditable && signInAddress.trim() !== (props.user.signInAddress ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAdminMutation({
    mutationFn: () =>
      adminApi.users.patch(props.user.id, {
        ...personBody(person),
        ...(self ? {} : { isAdmin: person.isAdmin }),
        ...(grantsSupport && !self ? { isSupport } : {}),
        ...(signInAddressChanged ? { signInAddress: signInAddress.trim() } : {}),
      }),
    success: 'common.saved',
    invalidates: ['users'],
    onSuccess: props.onClose,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems: FieldErrors = {
      ...personProblems(person),
      ...(signInAddressChanged && !/^0x[0-9a-fA-F]{40}$/.test(signInAddress.trim())
        ? { signInAddress: 'validation.address' }
        : {}),
    };
    setErrors(problems);
    if (!hasErrors(problems)) save.mutate(undefined);
  };
  return (
    <FormDialog
      title={t('users.editTitle')}
      testId="edit-user-dialog"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('common.save'),
        onClick: submit,
        disabled: save.isPending,
        testId: 'edit-user-save',
      }}
    >
      <PersonFields
        value={person}
        onChange={setPerson}
        errors={errors}
        withAdmin={!self}
        testPrefix="edit-user"
      />
      {grantsSupport && !self && (
        <FormControlLabel
          control={
            <Checkbox
              checked={isSupport}
              onChange={(event) => setIsSupport(event.target.checked)}
            />
          }
          label={t('users.isSupportLabel')}
        />
      )}
      {props.user.wallet === 'external' && (
        <TextField
          label={t('users.signInAddress')}
          value={signInAddress}
          disabled={!signInKeyEditable}
          onChange={(event) => setSignInAddress(event.target.value)}
          error={Boolean(fieldMessage(t, errors.signInAddress))}
          helperText={fieldMessage(t, errors.signInAddress) ?? t('users.signInAddressHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'edit-user-sign-in-address' } }}
        />
      )}
    </FormDialog>
  );
}
