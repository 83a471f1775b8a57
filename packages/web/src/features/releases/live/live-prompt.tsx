import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import type { LiveChange } from './live-changes.ts';

/** At most this many BL numbers are named per line; the rest are counted. */
const namedBls = 3;

/**
 * Releases spec §4 "Live notifications": releases changed; refresh to see them. Issue 15: it
 * says what changed, line by line: which action, how many containers, by whom when known, on
 * which BLs. A screen reader hears it once, politely (`role="status"`).
 */
export function LivePrompt({
  changes,
  onRefresh,
  onClose,
}: {
  changes: readonly LiveChange[];
  onRefresh: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="warning"
      role="status"
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
      <AlertTitle>{t('releases.live.changed')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {changes.map((change) => (
          <li key={`${change.operation}:${change.by ?? ''}`} data-testid="live-change">
            {t(`releases.live.operation.${change.operation}`, {
              count: change.containers.length,
            })}
            {change.by
              ? ` ${t(change.byOwnOrganization ? 'releases.live.byColleague' : 'releases.live.by', {
                  organization: change.by,
                })}`
              : null}{' '}
            {t('releases.live.bls', {
              count: change.blNumbers.length,
              bls: change.blNumbers.slice(0, namedBls).join(', '),
            })}
            {change.blNumbers.length > namedBls
              ? ` ${t('releases.live.moreBls', { count: change.blNumbers.length - namedBls })}`
              : null}
          </li>
        ))}
      </Box>
    </Alert>
  );
}
