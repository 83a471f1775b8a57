import LogoutIcon from '@mui/icons-material/Logout';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isTwoFactorCode, lengthOf, twoFactorCodeLength } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { formMessageText } from '../../ui/form-message.ts';
import { defaultForward, safeForward } from '../session/forward.ts';
import { useSession } from '../session/session-context.tsx';
import { useLogout } from '../session/use-logout.ts';
import { useTwoFactor } from './use-two-factor.ts';

/**
 * /two-factor (access spec §2 "Two-factor email screen"): a code is e-mailed on arrival; the
 * 6-digit code is validated for the full access token, and the user continues to `fwd`.
 */
export function TwoFactorPage() {
  const { twoFactorPending } = useSession();
  const [params] = useSearchParams();
  const forward = safeForward(params.get('fwd')) ?? defaultForward;
  if (!twoFactorPending) return <Navigate to={forward} replace />;
  return <TwoFactorForm forward={forward} />;
}

function TwoFactorForm({ forward }: { forward: string }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [code, setCode] = useState('');
  const { busy, send, validate, codeError, clearCodeError } = useTwoFactor(forward);
  const logout = useLogout();
  const valid = isTwoFactorCode(code);

  return (
    <Paper
      data-testid="two-factor-page"
      variant="outlined"
      sx={{ maxWidth: 520, mx: 'auto', mt: { xs: 2, md: 6 }, p: 4 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <MarkEmailReadOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
          {t('twoFactor.title')}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('twoFactor.text', { email: user?.email ?? '' })}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) void validate(code.trim());
        }}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <TextField
          id="two-factor-code"
          label={t('twoFactor.code')}
          helperText={codeError ?? formMessageText(t, lengthOf(twoFactorCodeLength, 'digits'))}
          error={!!codeError}
          value={code}
          required
          autoFocus
          autoComplete="one-time-code"
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
            clearCodeError();
          }}
          slotProps={{
            htmlInput: {
              'data-testid': 'two-factor-code',
              'aria-invalid': !!codeError,
              inputMode: 'numeric',
              pattern: '[0-9]{6}',
              maxLength: 6,
            },
          }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={!valid || busy}
            data-testid="two-factor-submit"
          >
            {t('twoFactor.verify')}
          </Button>
          <Button
            type="button"
            disabled={busy}
            onClick={() => void send()}
            data-testid="two-factor-resend"
          >
            {t('twoFactor.resend')}
          </Button>
          {/* Issue 15: the header has no user menu yet, so signing out is offered here. */}
          <Button
            type="button"
            color="inherit"
            startIcon={<LogoutIcon />}
            onClick={() => void logout()}
            data-testid="two-factor-logout"
            sx={{ ml: { sm: 'auto' } }}
          >
            {t('twoFactor.logout')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}
