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
 * decides; only after OK are the chat and analytics scripts added. The shell places it last
 * in its column (`AppShell`), where it sticks to the window's foot.
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
    // Sticky at the foot of the page rather than fixed over it: it stays in view while the page
    // scrolls, and takes its own room below the content, so at the end of the page nothing
    // (a table's pager, a form's buttons) is left under it. One compact line on a wide screen.
    <Paper
      data-testid="cookie-banner"
      role="region"
      aria-label={t('cookies.title')}
      elevation={8}
      square
      sx={{ position: 'sticky', bottom: 0, zIndex: 'appBar', px: { xs: 2, sm: 3 }, py: 1 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 2 }}
        sx={{ alignItems: { sm: 'center' }, maxWidth: 1200, mx: 'auto' }}
      >
        <Typography variant="body2" sx={{ flex: 1 }}>
          {t('cookies.message')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          <Button
            data-testid="cookie-decline"
            variant="outlined"
            size="small"
            onClick={() => decide(false)}
          >
            {t('cookies.decline')}
          </Button>
          <Button
            data-testid="cookie-accept"
            variant="contained"
            size="small"
            onClick={() => decide(true)}
          >
            {t('cookies.accept')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
