import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { onDemand } from '../../ui/on-demand.tsx';
import { OutlinedTextField } from '../../ui/outlined-text-field.tsx';
import { PasswordField } from './password-field.tsx';
import type { WalletLogin } from './use-wallet-login.ts';

/**
 * The organisation selector (MUI's Select, with its menu) is shown only when several
 * organisations match the e-mail; its code is fetched while that e-mail is being looked up.
 */
export const OrganisationSelect = onDemand(
  async () => (await import('./organisation-select.tsx')).OrganisationSelect,
);

const readOnlyField = { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } as const;

/**
 * The sign-in form (access spec §2 "Login screen"): the e-mail, then the organisation when
 * several match, then the password. Enter submits each step; the button is disabled while a
 * step runs.
 */
export function LoginForm({ login }: { login: WalletLogin }) {
  const { t } = useTranslation();
  const { step, busy, failure } = login;
  const emailInput = useRef<HTMLInputElement>(null);
  // Sent back to the e-mail step by a failure: the caret is where the next attempt starts.
  useEffect(() => {
    if (step === 'email' && failure) emailInput.current?.focus();
  }, [step, failure]);
  const chosen = login.lookup?.options.find((option) => option.address === login.organisation);
  const submitLabel = step === 'password' ? t('login.signIn') : t('login.continue');

  return (
    <Box
      component="form"
      data-testid="login-form"
      data-step={step}
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (step === 'email') void OrganisationSelect.preload();
        void login.submit();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <OutlinedTextField
        id="login-email"
        name="email"
        type="email"
        label={t('login.email')}
        autoComplete="username"
        autoFocus={step === 'email'}
        required
        fullWidth
        value={login.email}
        disabled={busy && step === 'email'}
        onChange={(event) => login.setEmail(event.target.value)}
        inputRef={emailInput}
        htmlInput={{ 'data-testid': 'login-email', readOnly: step !== 'email' }}
        // Read-only after the first step: shaded, so it does not invite typing.
        sx={step === 'email' ? undefined : readOnlyField}
      />
      {step === 'organisation' ? (
        <Suspense fallback={null}>
          <OrganisationSelect
            options={login.lookup?.options ?? []}
            value={login.organisation}
            onChange={login.setOrganisation}
            onSubmit={() => void login.submit()}
            disabled={busy}
          />
        </Suspense>
      ) : null}
      {step === 'password' && chosen && (login.lookup?.options.length ?? 0) > 1 ? (
        <OutlinedTextField
          label={t('login.organisation')}
          value={chosen.name}
          fullWidth
          htmlInput={{ readOnly: true, 'data-testid': 'login-organisation-chosen' }}
          sx={readOnlyField}
        />
      ) : null}
      {step === 'password' ? (
        <PasswordField value={login.password} onChange={login.setPassword} disabled={busy} />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy}
          data-testid="login-submit"
          startIcon={busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : null}
        >
          {submitLabel}
        </Button>
        {step !== 'email' || failure ? (
          <Button
            type="button"
            variant="text"
            data-testid="login-another-email"
            onClick={login.restartWithAnotherEmail}
          >
            {t('login.anotherEmail')}
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}
