import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isEmailAddress, languages, type Language } from '@scr/domain';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, type FieldErrors } from '../common/field-errors.ts';

/** A user's own details as a form holds them. */
export interface PersonForm {
  email: string;
  firstName: string;
  lastName: string;
  preferredLanguage: Language;
  /** Access spec §2 "Two-factor email screen": a code by e-mail at every sign-in. */
  twoFactorByEmail: boolean;
  isAdmin: boolean;
}

export const emptyPerson: PersonForm = {
  email: '',
  firstName: '',
  lastName: '',
  preferredLanguage: 'en',
  twoFactorByEmail: false,
  isAdmin: false,
};

/** Access spec §5: e-mail required and must look like an address; names required. */
export function personProblems(person: PersonForm, prefix = ''): FieldErrors {
  const problems: FieldErrors = {};
  if (!person.email.trim()) problems[`${prefix}email`] = 'validation.required';
  else if (!isEmailAddress(person.email)) problems[`${prefix}email`] = 'validation.email';
  if (!person.firstName.trim()) problems[`${prefix}firstName`] = 'validation.required';
  if (!person.lastName.trim()) problems[`${prefix}lastName`] = 'validation.required';
  return problems;
}

/** What the server takes: e-mail trimmed and lowercased (access spec §5), names trimmed. */
export function personBody(person: PersonForm) {
  return {
    email: person.email.trim().toLowerCase(),
    firstName: person.firstName.trim(),
    lastName: person.lastName.trim(),
    preferredLanguage: person.preferredLanguage,
    twoFactorAuth: person.twoFactorByEmail ? 'email' : null,
  };
}

export function PersonFields(props: {
  value: PersonForm;
  onChange: (value: PersonForm) => void;
  errors: FieldErrors;
  /** The field path prefix of the server's errors (`firstAdmin.`). */
  prefix?: string;
  /** Offer the admin checkbox. */
  withAdmin?: boolean;
  testPrefix: string;
}) {
  const { t } = useAdminT();
  const { value, onChange, prefix = '' } = props;
  const set = <K extends keyof PersonForm>(key: K, next: PersonForm[K]) =>
    onChange({ ...value, [key]: next });
  const error = (field: 'email' | 'firstName' | 'lastName') =>
    fieldMessage(t, props.errors[`${prefix}${field}`], field);
  return (
    <Stack spacing={2}>
      <TextField
        label={t('users.email')}
        type="email"
        required
        value={value.email}
        onChange={(event) => set('email', event.target.value)}
        error={Boolean(error('email'))}
        helperText={error('email')}
        slotProps={{ htmlInput: { 'data-testid': `${props.testPrefix}-email` } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('users.firstName')}
          required
          fullWidth
          value={value.firstName}
          onChange={(event) => set('firstName', event.target.value)}
          error={Boolean(error('firstName'))}
          helperText={error('firstName')}
          slotProps={{ htmlInput: { 'data-testid': `${props.testPrefix}-first-name` } }}
        />
        <TextField
          label={t('users.lastName')}
          required
          fullWidth
          value={value.lastName}
          onChange={(event) => set('lastName', event.target.value)}
          error={Boolean(error('lastName'))}
          helperText={error('lastName')}
          slotProps={{ htmlInput: { 'data-testid': `${props.testPrefix}-last-name` } }}
        />
      </Stack>
      <TextField
        select
        label={t('users.language')}
        value={value.preferredLanguage}
        onChange={(event) => set('preferredLanguage', event.target.value as Language)}
      >
        {languages.map((language) => (
          <MenuItem key={language} value={language}>
            {t(`languages.${language}`)}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={
          <Checkbox
            checked={value.twoFactorByEmail}
            onChange={(event) => set('twoFactorByEmail', event.target.checked)}
          />
        }
        label={t('users.twoFactor')}
      />
      {props.withAdmin && (
        <FormControlLabel
          control={
            <Checkbox
              checked={value.isAdmin}
              onChange={(event) => set('isAdmin', event.target.checked)}
              data-testid={`${props.testPrefix}-admin`}
            />
          }
          label={t('users.isAdminLabel')}
        />
      )}
    </Stack>
  );
}
