import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useHelp } from '../../ui/help/help-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { TicketPanel } from './ticket-panel.tsx';

/**
 * The support ticket in the side drawer (access spec §2 "Support ticket page and side
 * drawer"): the form for a signed-in person, about what the drawer was opened for; before
 * signing in, where to get help instead (a ticket needs a session).
 */
export function TicketDrawerView() {
  const { t } = useTranslation();
  const { status, twoFactorPending } = useSession();
  const { ticketDestination, openHelp } = useHelp();
  return (
    <Box data-testid="ticket-drawer" sx={{ p: 2, overflowY: 'auto', flex: 1, minHeight: 0 }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('tickets.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('tickets.intro')}
      </Typography>
      {status === 'signedIn' && !twoFactorPending ? (
        <TicketPanel compact destination={ticketDestination} />
      ) : (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => openHelp('#support')}>
              {t('tickets.whereToGetHelp')}
            </Button>
          }
        >
          {t('tickets.signInFirst')}
        </Alert>
      )}
    </Box>
  );
}
