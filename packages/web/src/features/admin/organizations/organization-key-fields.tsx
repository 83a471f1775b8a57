import TextField from '@mui/material/TextField';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, type FieldErrors } from '../common/field-errors.ts';

/** The keys an organisation's own wallet printed (`npm run wallet -- init`). */
export interface OrganizationKeys {
  address: string;
  sealingPublicKey: string;
}

/**
 * README "The standalone ID wallet": the address and sealing public key support registers for an
 * organisation on its own wallet, each with the server's problem under it.
 */
export function OrganizationKeyFields(props: {
  value: OrganizationKeys;
  onChange: (keys: OrganizationKeys) => void;
  errors: FieldErrors;
  help: string;
}) {
  const { t } = useAdminT();
  return (
    <>
      <TextField
        label={t('organizations.address')}
        required
        value={props.value.address}
        onChange={(event) => props.onChange({ ...props.value, address: event.target.value })}
        error={Boolean(props.errors.address)}
        helperText={fieldMessage(t, props.errors.address) ?? props.help}
        slotProps={{ htmlInput: { 'data-testid': 'organization-key-address' } }}
      />
      <TextField
        label={t('organizations.sealingKey')}
        required
        value={props.value.sealingPublicKey}
        onChange={(event) =>
          props.onChange({ ...props.value, sealingPublicKey: event.target.value })
        }
        error={Boolean(props.errors.sealingPublicKey)}
        helperText={fieldMessage(t, props.errors.sealingPublicKey)}
        slotProps={{ htmlInput: { 'data-testid': 'organization-key-sealing' } }}
      />
    </>
  );
}
