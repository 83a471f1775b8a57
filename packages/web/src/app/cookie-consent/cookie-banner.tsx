import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../../api/app-info.ts';
import { readConsent, writeConsent, type CookieConsent } from './consent-cookie.ts';
import { loadConsentedScripts } from './consented-scripts.ts';

/**
 * The cookie consent banner (access spec §4 "Cookie consent"). It shows until the visitor
 * decides; only after OK are the chat and analytics scripts added.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const [consent, setConsent] = useState<CookieConsent>(() => readConsent(document.cookie));
  const { data: info } = useAppInfo();

  useEffect(() => {
    if (consent === true && info) loadConsentedScripts(info);
  }, [consent, info]);

  if (consent !== null) return null;

  const decide = (accepted: boolean) => {
    writeConsent(accepted);
    setConsent(accepted);
  };

  return (
    <Paper
      data-testid="cookie-banner"
      role="region"
      aria-label={t('cookies.title')}
      elevation={8}
      square
      sx={{ position: 'fixed', insetInline: 0, bottom: 0, zIndex: 'modal', px: 3, py: 2 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, maxWidth: 1200, mx: 'auto' }}
      >
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('cookies.message')}
        </Typography>
        <Stack direction="row" spacing={1}>
          <Button data-testid="cookie-decline" variant="outlined" onClick={() => decide(false)}>
            {t('cookies.decline')}
          </Button>
          <Button data-testid="cookie-accept" variant="contained" onClick={() => decide(true)}>
            {t('cookies.accept')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
