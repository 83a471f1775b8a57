import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Shown instead of a page that crashed: a translated apology, never a stack trace (DESIGN §6).
 * It reloads from the home page, since the app's state may be what broke.
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Paper
      data-testid="route-error"
      role="alert"
      variant="outlined"
      sx={{ maxWidth: 520, mx: 'auto', mt: 8, p: 4, textAlign: 'center' }}
    >
      <Typography sx={{ mb: 3 }}>{t('backend.error.internal')}</Typography>
      <Button variant="contained" href="/">
        {t('notFound.home')}
      </Button>
    </Paper>
  );
}
