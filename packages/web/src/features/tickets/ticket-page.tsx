import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ticketFieldLimits } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { TicketPanel } from './ticket-panel.tsx';

/**
 * /ticket (access spec §2 "Routes": authenticated, accepts a `destination` query parameter):
 * the support ticket form on a page of its own.
 */
export function TicketPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const destination =
    params.get('destination')?.trim().slice(0, ticketFieldLimits.destination) || null;
  return (
    <Paper
      variant="outlined"
      data-testid="ticket-page"
      sx={{ maxWidth: 760, mx: 'auto', p: { xs: 2, sm: 3 } }}
    >
      <Typography component="h1" variant="h5" gutterBottom sx={{ fontWeight: 600 }}>
        {t('tickets.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('tickets.intro')}
      </Typography>
      <TicketPanel
        destination={destination}
        after={
          <Button component={Link} to="/" variant="text">
            {t('tickets.backHome')}
          </Button>
        }
      />
    </Paper>
  );
}
