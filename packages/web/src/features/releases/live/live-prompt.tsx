import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

/** Releases spec §4 "Live notifications": releases changed; refresh to see them. */
export function LivePrompt({ onRefresh, onClose }: { onRefresh: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      data-testid="live-prompt"
      action={
        <>
          <Button color="inherit" size="small" onClick={onRefresh} data-testid="live-refresh">
            {t('releases.live.refresh')}
          </Button>
          <IconButton
            color="inherit"
            size="small"
            aria-label={t('releases.live.dismiss')}
            onClick={onClose}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      {t('releases.live.changed')}
    </Alert>
  );
}
