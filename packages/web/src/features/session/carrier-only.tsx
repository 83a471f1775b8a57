import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useSession } from './session-context.tsx';

/**
 * Releases spec §2 "Warnings", access spec §8 "Carrier-only page": the pages under this route
 * are for carriers; anyone else signed in sees a warning that says so instead of the page.
 * Put carrier-only routes under it, inside `RequireAuth`, or wrap a carrier-only part in it;
 * a carrier-only dialog passes `onClose`, and the warning shows in a dialog of its own.
 */
export function RequireCarrier({
  children,
  onClose,
}: {
  children?: ReactNode;
  onClose?: () => void;
}) {
  const { user } = useSession();
  if (user?.organizationRole === 'carrier') return children ?? <Outlet />;
  if (!onClose) return <CarrierOnlyWarning />;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="carrier-only-dialog">
      <DialogContent>
        <CarrierOnlyWarning onClose={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** The warning itself; in a dialog its button closes the dialog instead of going home. */
export function CarrierOnlyWarning({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      data-testid="carrier-only-warning"
      sx={onClose ? undefined : { maxWidth: 640, mx: 'auto', mt: 4 }}
      action={
        onClose ? (
          <Button onClick={onClose} color="inherit" size="small">
            {t('carrierOnly.close')}
          </Button>
        ) : (
          <Button component={Link} to="/" color="inherit" size="small">
            {t('carrierOnly.home')}
          </Button>
        )
      }
    >
      <AlertTitle>{t('carrierOnly.title')}</AlertTitle>
      {t('carrierOnly.text')}
    </Alert>
  );
}
