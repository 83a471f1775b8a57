import type { TerminalOption } from '@scr/domain';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../ui/date-field.tsx';
import type { ReleaseFormField } from './release-form.ts';
import { TerminalField } from './terminal-field.tsx';

export interface FieldSection {
  title: string;
  fields: readonly ReleaseFormField[];
}

export interface ReleaseFieldsProps {
  sections: readonly FieldSection[];
  values: Partial<Record<ReleaseFormField, string>>;
  /** Translated messages by field. */
  errors: Partial<Record<string, string>>;
  onChange: (field: ReleaseFormField, value: string) => void;
  terminals: readonly TerminalOption[];
  required?: readonly ReleaseFormField[];
  /** Shown, not editable (single edit: the BL and container numbers). */
  locked?: Partial<Record<string, string>>;
  testIdPrefix: string;
}

const dateFields = new Set<string>(['validFrom', 'validUntil']);

/** The release form's fields in sections, each with its message under it (releases spec §3, §5). */
export function ReleaseFields(props: ReleaseFieldsProps) {
  const { t } = useTranslation();
  const label = (field: string) => t(`releases.columns.${field}`);
  const testId = (field: string) => `${props.testIdPrefix}-${field}`;

  const field = (name: ReleaseFormField) => {
    const error = props.errors[name];
    const required = props.required?.includes(name);
    if (name === 'pickupLocation') {
      return (
        <TerminalField
          key={name}
          label={label(name)}
          value={props.values[name] ?? ''}
          onChange={(code) => props.onChange(name, code)}
          terminals={props.terminals}
          error={error}
          required={required}
          testId={testId(name)}
        />
      );
    }
    if (dateFields.has(name)) {
      return (
        <DateField
          key={name}
          label={label(name)}
          required={required}
          value={props.values[name] ?? ''}
          onChange={(typed) => props.onChange(name, typed)}
          error={error}
          testId={testId(name)}
        />
      );
    }
    return (
      <TextField
        key={name}
        size="small"
        label={label(name)}
        required={required}
        value={props.values[name] ?? ''}
        onChange={(event) => props.onChange(name, event.target.value)}
        error={!!error}
        helperText={error ?? ' '}
        autoComplete={name === 'pincode' ? 'new-password' : 'off'}
        type={name === 'pincode' ? 'password' : 'text'}
        slotProps={{ htmlInput: { 'data-testid': testId(name) } }}
      />
    );
  };

  return (
    <>
      {props.locked ? (
        <Box sx={grid}>
          {Object.entries(props.locked).map(([name, value]) => (
            <TextField
              key={name}
              size="small"
              label={label(name)}
              value={value}
              disabled
              helperText={t('releases.form.locked')}
              slotProps={{ htmlInput: { 'data-testid': testId(name) } }}
            />
          ))}
        </Box>
      ) : null}
      {props.sections.map((section) => (
        <Box key={section.title} sx={{ mt: 1 }}>
          <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1.5 }}>
            {section.title}
          </Typography>
          <Box sx={grid}>{section.fields.map(field)}</Box>
        </Box>
      ))}
    </>
  );
}

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
  rowGap: 1.5,
} as const;
