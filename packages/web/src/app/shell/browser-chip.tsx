import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { isSupportedBrowser } from './browser-support.ts';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** A warning chip when the browser is neither Chrome nor Edge (access spec §8). */
export function BrowserChip({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation();
  if (isSupportedBrowser(userAgent)) return null;
  return (
    <Tooltip title={t('shell.browserUnsupportedHint')} describeChild>
      <Chip
        data-testid="browser-unsupported"
        icon={<WarningAmberIcon />}
        label={t('shell.browserUnsupported')}
        color="warning"
        size="small"
        // On a phone the icon alone warns; the label stays, visually hidden, for screen readers.
        sx={(theme) => ({
          [theme.breakpoints.down('sm')]: { '& .MuiChip-label': visuallyHidden },
        })}
      />
    </Tooltip>
  );
}
