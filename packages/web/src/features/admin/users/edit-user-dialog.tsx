import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import { adminApi } from '../api/admin-api.ts';
import type { AdminUser } from '../api/admin-types.ts';
import { useAdminT } from '../admin-i18n.ts';
import { hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { personBody, PersonFields, personProblems, type PersonForm } from './person-fields.tsx';

/** Edits a user's details and rights; support may also grant support rights. */
export function EditUserDialog(props: { user: AdminUser; onClose: () => void }) {
  const { t } = useAdminT();
  const { user: me } = useSession();
  const self = me?.id === props.user.id;
  const [person, setPerson] = useState<PersonForm>({
    email: props.user.email,
    firstName: props.user.firstName,
    lastName: props.user.lastName,
    preferredLanguage: props.user.preferredLanguage,
    twoFactorByEmail: props.user.twoFactorAuth === 'email',
    isAdmin: props.user.isAdmin,
  });
  const [isSupport, setIsSupport] = useState(props.user.isSupport);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAdminMutation({
    mutationFn: () =>
      adminApi.users.patch(props.user.id, {
        ...personBody(person),
        ...(self ? {} : { isAdmin: person.isAdmin }),
        ...(me?.isSupport && !self ? { isSupport } : {}),
      }),
    success: 'common.saved',
    invalidates: ['users'],
    onSuccess: props.onClose,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems = personProblems(person);
    setErrors(problems);
    if (!hasErrors(problems)) save.mutate(undefined);
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="edit-user-title"
      data-testid="edit-user-dialog"
    >
      <DialogTitle id="edit-user-title">{t('users.editTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <PersonFields
            value={person}
            onChange={setPerson}
            errors={errors}
            withAdmin={!self}
            testPrefix="edit-user"
          />
          {me?.isSupport && !self && (
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
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending}
          data-testid="edit-user-save"
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
