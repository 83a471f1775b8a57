import type { OrganizationView } from '@scr/domain';
import { useState } from 'react';
import { adminApi } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { OrganizationFields } from './organization-fields.tsx';
import { organizationBody, organizationFormOf, organizationProblems } from './organization-form.ts';
import { FormDialog } from '../../../ui/form-dialog.tsx';

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
        : { ...body, securePickupEnabled: form.securePickupEnabled };
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
    <FormDialog
      title={t('organizations.editTitle', { name: props.organization.name })}
      testId="organization-edit-dialog"
      maxWidth="md"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('common.save'),
        onClick: submit,
        disabled: save.isPending,
        testId: 'organization-save',
      }}
    >
      <OrganizationFields
        value={form}
        onChange={setForm}
        errors={errors}
        addressOnly={props.addressOnly}
        securePickup
      />
    </FormDialog>
  );
}
