import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OutlinedTextField } from '../../ui/outlined-text-field.tsx';

export interface PasswordFieldProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** The password with a show/hide toggle (access spec §2 "Login screen"). */
export function PasswordField({ value, onChange, disabled }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <OutlinedTextField
      id="login-password"
      name="password"
      label={t('login.password')}
      type={visible ? 'text' : 'password'}
      autoComplete="current-password"
      autoFocus
      required
      fullWidth
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value)}
      htmlInput={{ 'data-testid': 'login-password' }}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            data-testid="login-password-toggle"
            aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
            aria-pressed={visible}
            edge="end"
            onClick={() => setVisible((shown) => !shown)}
            // Keep the focus, and the caret, in the password field.
            onMouseDown={(event) => event.preventDefault()}
          >
            {visible ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
