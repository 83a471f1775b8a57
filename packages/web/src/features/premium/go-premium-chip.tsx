import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import Chip from '@mui/material/Chip';
import type { FeatureFlag } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PremiumInfoDialog } from './premium-info-dialog.tsx';

/**
 * The "Go Premium" chip (releases spec §2, §6), shown where a Premium value would be, such as
 * the transferTo column without canSeeTransferInfo; it opens the premium-info dialog.
 */
export function GoPremiumChip({ feature }: { feature?: FeatureFlag }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Chip
        data-testid="go-premium-chip"
        icon={<WorkspacePremiumIcon />}
        label={t('premium.goPremium')}
        color="secondary"
        variant="outlined"
        size="small"
        clickable
        aria-haspopup="dialog"
        onClick={(event) => {
          // In a table row the click is for the chip, not for selecting the row.
          event.stopPropagation();
          setOpen(true);
        }}
      />
      <PremiumInfoDialog open={open} feature={feature} onClose={() => setOpen(false)} />
    </>
  );
}
