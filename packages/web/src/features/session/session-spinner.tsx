import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What a visitor sees while the session is being checked or a redirect is under way. */
export function SessionSpinner() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 10 }}
    >
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{t('session.loading')}</Typography>
    </Box>
  );
}
