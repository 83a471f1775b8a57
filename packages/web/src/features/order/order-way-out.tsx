import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LogoutIcon from '@mui/icons-material/Logout';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../session/session-context.tsx';
import { useLogout } from '../session/use-logout.ts';

/**
 * Issue 15: the order page always has a way back (to the home page, which for a user without
 * an active subscription is the subscription screen with its other choice) and, for a signed-in
 * user who came here from that screen, a way out.
 */
export function OrderWayOut() {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} data-testid="order-way-out">
      <Button component={RouterLink} to="/" startIcon={<ArrowBackIcon />} data-testid="order-back">
        {t('order.back')}
      </Button>
      {user ? (
        <Button
          color="inherit"
          startIcon={<LogoutIcon />}
          onClick={() => void logout()}
          data-testid="order-logout"
        >
          {t('order.logout')}
        </Button>
      ) : null}
    </Stack>
  );
}
