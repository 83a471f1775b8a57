import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useAdminT } from '../admin-i18n.ts';

export interface SecretFieldProps {
  testId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helperText?: string;
  autoComplete: 'current-password' | 'new-password';
  /** Start visible (a generated password the admin must read out). */
  shown?: boolean;
  disabled?: boolean;
}

/** A password with a show/hide toggle and its message underneath. */
export function SecretField(props: SecretFieldProps) {
  const { t } = useAdminT();
  const [visible, setVisible] = useState(props.shown ?? false);
  const shown = visible || props.shown === true;
  return (
    <TextField
      label={props.label}
      type={shown ? 'text' : 'password'}
      autoComplete={props.autoComplete}
      required
      fullWidth
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange(event.target.value)}
      error={Boolean(props.error)}
      helperText={props.error ?? props.helperText}
      slotProps={{
        htmlInput: { 'data-testid': props.testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t('common.hidePassword') : t('common.showPassword')}
                aria-pressed={shown}
                edge="end"
                onClick={() => setVisible(!shown)}
                onMouseDown={(event) => event.preventDefault()}
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
