import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSession } from '../../features/session/session-context.tsx';

/**
 * Releases spec §2 "Warnings", access spec §8 "Carrier-only page": the pages under this route
 * are for carriers; anyone else signed in sees a warning that says so instead of the page.
 * Put carrier-only routes under it, inside `RequireAuth`, or wrap a carrier-only part in it.
 */
export function RequireCarrier({ children }: { children?: ReactNode }) {
  const { user } = useSession();
  if (user?.organizationRole === 'carrier') return children ?? <Outlet />;
  return <CarrierOnlyWarning />;
}

/** The warning itself. */
export function CarrierOnlyWarning() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      data-testid="carrier-only-warning"
      sx={{ maxWidth: 640, mx: 'auto', mt: 4 }}
      action={
        <Button component={Link} to="/" color="inherit" size="small">
          {t('carrierOnly.home')}
        </Button>
      }
    >
      <AlertTitle>{t('carrierOnly.title')}</AlertTitle>
      {t('carrierOnly.text')}
    </Alert>
  );
}
