import type { OrganizationView } from '@scr/domain';
import { useState } from 'react';
import { adminApi } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { OrganizationFields } from './organization-fields.tsx';
import {
  organizationBody,
  organizationFormOf,
  organizationKeysProblems,
  organizationProblems,
} from './organization-form.ts';
import { OrganizationKeyFields, type OrganizationKeys } from './organization-key-fields.tsx';
import { FormDialog } from '../../../ui/form-dialog.tsx';

const addressFields = ['streetNbr', 'postalCode', 'city', 'country'] as const;

/**
 * Edits an organisation: everything for support, the address for an admin of its own. For an
 * organisation on its own wallet, support also registers the keys that wallet printed.
 */
export function EditOrganizationDialog(props: {
  organization: OrganizationView;
  addressOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useAdminT();
  const [form, setForm] = useState(() => organizationFormOf(props.organization));
  const registered: OrganizationKeys = {
    address: props.organization.address,
    sealingPublicKey: props.organization.sealingPublicKey ?? '',
  };
  const [keys, setKeys] = useState(registered);
  const [errors, setErrors] = useState<FieldErrors>({});
  // Support registers the keys of an organisation on its own wallet; sent only when changed.
  const editsKeys = !props.addressOnly && form.wallet === 'onPremise';
  const keysChanged =
    keys.address.trim().toLowerCase() !== registered.address.toLowerCase() ||
    keys.sealingPublicKey.trim() !== registered.sealingPublicKey;
  const save = useAdminMutation({
    mutationFn: () => {
      const body = organizationBody(form);
      const sent = props.addressOnly
        ? Object.fromEntries(addressFields.map((field) => [field, body[field]]))
        : {
            ...body,
            securePickupEnabled: form.securePickupEnabled,
            ...(editsKeys && keysChanged
              ? { address: keys.address.trim(), sealingPublicKey: keys.sealingPublicKey.trim() }
              : {}),
          };
      return adminApi.organizations.patch(props.organization.id, sent);
    },
    success: 'common.saved',
    invalidates: ['organizations'],
    onSuccess: props.onClose,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems = organizationProblems(form);
    if (editsKeys && keysChanged) Object.assign(problems, organizationKeysProblems(keys));
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
      {editsKeys && (
        <OrganizationKeyFields
          value={keys}
          onChange={setKeys}
          errors={errors}
          help={t('organizations.keysEditHelp')}
        />
      )}
    </FormDialog>
  );
}
