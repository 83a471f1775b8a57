import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * /secure-pickup-containers: the terminal view (access spec §2). Its searchable table of
 * containers released for secure pick-up at the terminal arrives with the terminal issue; the
 * frame says what it will list.
 */
export function SecurePickupPage() {
  const { t } = useTranslation();
  return (
    <Box data-testid="secure-pickup-page">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {t('securePickup.title')}
      </Typography>
      <Paper
        variant="outlined"
        data-testid="secure-pickup-empty"
        sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}
      >
        <LocalShippingOutlinedIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
          {t('securePickup.emptyTitle')}
        </Typography>
        <Typography sx={{ maxWidth: 560, mx: 'auto' }}>{t('securePickup.emptyText')}</Typography>
      </Paper>
    </Box>
  );
}
