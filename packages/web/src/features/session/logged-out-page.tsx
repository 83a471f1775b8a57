import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown after logout (access spec §2 "A Logged out page appears after logout"). */
export function LoggedOutPage() {
  const { t } = useTranslation();
  return (
    <Paper
      data-testid="logged-out-page"
      variant="outlined"
      sx={{ maxWidth: 520, mx: 'auto', mt: 8, p: 4, textAlign: 'center' }}
    >
      <LogoutIcon color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography component="h1" variant="h5" gutterBottom>
        {t('session.loggedOutTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('session.loggedOutText')}
      </Typography>
      <Button component={Link} to="/login" variant="contained">
        {t('session.signInAgain')}
      </Button>
    </Paper>
  );
}
