import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { organizationRoles } from '@scr/domain';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, type FieldErrors } from '../common/field-errors.ts';
import type { OrganizationForm } from './organization-form.ts';

/** Name, role, VAT, address, wallet location and the carrier's invitation. */
export function OrganizationFields(props: {
  value: OrganizationForm;
  onChange: (value: OrganizationForm) => void;
  errors: FieldErrors;
  /** Only the address fields (an admin's own organisation). */
  addressOnly?: boolean;
  /** Offer a carrier's Secure Pick-up switch (editing, releases spec §6). */
  securePickup?: boolean;
}) {
  const { t } = useAdminT();
  const { value } = props;
  const field = (key: keyof OrganizationForm, label: string, required = false) => {
    const error = fieldMessage(t, props.errors[key], key === 'name' ? 'name' : undefined);
    return (
      <TextField
        label={label}
        required={required}
        fullWidth
        value={value[key]}
        onChange={(event) => props.onChange({ ...value, [key]: event.target.value })}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: { 'data-testid': `organization-${key}` } }}
      />
    );
  };
  return (
    <Stack spacing={2}>
      {!props.addressOnly && (
        <>
          {field('name', t('organizations.name'), true)}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              fullWidth
              label={t('organizations.role')}
              value={value.role}
              onChange={(event) =>
                props.onChange({ ...value, role: event.target.value as OrganizationForm['role'] })
              }
            >
              {organizationRoles.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
            {field('vat', t('organizations.vat'))}
          </Stack>
        </>
      )}
      {field('streetNbr', t('organizations.street'))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('postalCode', t('organizations.postalCode'))}
        {field('city', t('organizations.city'))}
        {field('country', t('organizations.country'))}
      </Stack>
      {!props.addressOnly && (
        <>
          <TextField
            select
            label={t('organizations.wallet')}
            value={value.wallet}
            onChange={(event) =>
              props.onChange({ ...value, wallet: event.target.value as OrganizationForm['wallet'] })
            }
            helperText={t(`organizations.walletHelp.${value.wallet}`)}
          >
            <MenuItem value="cloud">{t('organizations.walletCloud')}</MenuItem>
            <MenuItem value="onPremise">{t('organizations.walletOnPremise')}</MenuItem>
          </TextField>
          {value.wallet === 'onPremise' && field('walletUrl', t('organizations.walletUrl'), true)}
          <FormControlLabel
            control={
              <Checkbox
                checked={value.invitedByMsc}
                onChange={(event) =>
                  props.onChange({ ...value, invitedByMsc: event.target.checked })
                }
              />
            }
            label={t('organizations.invitedByCarrier')}
          />
          {props.securePickup && value.role === 'carrier' && (
            <FormControlLabel
              control={
                <Checkbox
                  checked={value.securePickupEnabled}
                  onChange={(event) =>
                    props.onChange({ ...value, securePickupEnabled: event.target.checked })
                  }
                />
              }
              label={t('organizations.securePickupEnabled')}
              data-testid="organization-securePickupEnabled"
            />
          )}
        </>
      )}
    </Stack>
  );
}
