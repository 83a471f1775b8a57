import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface DateFieldProps {
  label: string;
  /** The date as typed, DD/MM/YYYY. */
  value: string;
  onChange: (typed: string) => void;
  /** A translated message; the format hint is shown without one. */
  error?: string;
  /** Shown as wrong (its message shown elsewhere, by the form). */
  invalid?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  fullWidth?: boolean;
  testId?: string;
  id?: string;
  size?: TextFieldProps['size'];
  onBlur?: () => void;
}

/**
 * The portal's date field (DESIGN §5): dates are typed DD/MM/YYYY whatever the language, with the
 * format as placeholder and hint and a numeric keyboard on phones, never the browser's own date
 * input, which follows the browser's locale (mm/dd/yyyy in an American one).
 */
export function DateField(props: DateFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      id={props.id}
      size={props.size ?? 'small'}
      label={props.label}
      required={props.required}
      disabled={props.disabled}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
      error={!!props.error || !!props.invalid}
      fullWidth={props.fullWidth}
      helperText={props.error ?? t('releases.form.dateHint')}
      placeholder={t('releases.form.datePlaceholder')}
      autoComplete="off"
      slotProps={{
        htmlInput: {
          ...(props.testId ? { 'data-testid': props.testId } : {}),
          inputMode: 'numeric',
          readOnly: props.readOnly,
        },
      }}
    />
  );
}
