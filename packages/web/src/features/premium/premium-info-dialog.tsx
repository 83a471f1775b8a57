import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { FeatureFlag } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { premiumCopyKeys } from './premium-copy.ts';

export interface PremiumInfoDialogProps {
  open: boolean;
  feature?: FeatureFlag;
  onClose: () => void;
}

/** The premium-info dialog (releases spec §2): the feature, what Premium adds, the plans. */
export function PremiumInfoDialog({ open, feature, onClose }: PremiumInfoDialogProps) {
  const { t } = useTranslation();
  const keys = premiumCopyKeys(feature);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="premium-info-title"
      data-testid="premium-info-dialog"
    >
      <DialogTitle id="premium-info-title">{t(keys.title)}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(keys.text)}</DialogContentText>
        {keys.title !== 'premium.generalTitle' ? (
          <DialogContentText>{t('premium.generalText')}</DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('premium.close')}</Button>
        <Button
          component={Link}
          to="/order"
          variant="contained"
          onClick={onClose}
          data-testid="premium-info-order"
        >
          {t('premium.seePlans')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
