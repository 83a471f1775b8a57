import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Any path the portal does not know. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Paper
      data-testid="not-found-page"
      variant="outlined"
      sx={{ maxWidth: 520, mx: 'auto', mt: 8, p: 4, textAlign: 'center' }}
    >
      <Typography component="h1" variant="h5" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.text')}
      </Typography>
      <Button component={Link} to="/" variant="contained">
        {t('notFound.home')}
      </Button>
    </Paper>
  );
}
