import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What an empty table shows: the Start button while a canSkipInitialLoad user has not started
 * (releases spec §2), else "no releases" (nothing when the page failed: the banner says why).
 */
export function EmptyRows(props: { started: boolean; failed?: boolean; onStart: () => void }) {
  const { t } = useTranslation();
  const { started, failed, onStart } = props;
  return (
    <Box
      data-testid="overview-empty"
      sx={{
        py: 5,
        textAlign: 'center',
        color: 'text.secondary',
        // Centred in the visible part of a table wider than the page.
        position: 'sticky',
        left: 0,
        width: 'min(100%, calc(100vw - 64px))',
      }}
    >
      {failed ? null : started ? (
        <Typography>{t('releases.noReleases')}</Typography>
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('releases.startHint')}</Typography>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            onClick={onStart}
            data-testid="overview-start"
          >
            {t('releases.start')}
          </Button>
        </>
      )}
    </Box>
  );
}
