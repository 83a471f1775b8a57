import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { adminApi } from '../api/admin-api.ts';
import type { OrganizationView } from '../api/admin-types.ts';
import { useAdminT } from '../admin-i18n.ts';
import { hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { OrganizationFields } from './organization-fields.tsx';
import { organizationBody, organizationFormOf, organizationProblems } from './organization-form.ts';

const addressFields = ['streetNbr', 'postalCode', 'city', 'country'] as const;

/** Edits an organisation: everything for support, the address for an admin of its own. */
export function EditOrganizationDialog(props: {
  organization: OrganizationView;
  addressOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const [form, setForm] = useState(() => organizationFormOf(props.organization));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAdminMutation({
    mutationFn: () => {
      const body = organizationBody(form);
      const sent = props.addressOnly
        ? Object.fromEntries(addressFields.map((field) => [field, body[field]]))
        : body;
      return adminApi.organizations.patch(props.organization.id, sent);
    },
    success: 'common.saved',
    invalidates: ['organizations'],
    onSuccess: props.onClose,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems = organizationProblems(form);
    setErrors(problems);
    if (!hasErrors(problems)) save.mutate(undefined);
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="org-edit-title"
      data-testid="organization-edit-dialog"
    >
      <DialogTitle id="org-edit-title">
        {t('organizations.editTitle', { name: props.organization.name })}
      </DialogTitle>
      <DialogContent>
        <Stack sx={{ pt: 1 }}>
          <OrganizationFields
            value={form}
            onChange={setForm}
            errors={errors}
            addressOnly={props.addressOnly}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending}
          data-testid="organization-save"
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
