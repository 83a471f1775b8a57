import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { BlContainersTable } from '../tables/bl-containers-table.tsx';
import { sanitiseTerms } from './terms-html.ts';

const everyContainer = { valid: 'showBoth' } as const;

/** Releases spec §2: the bill of lading full screen, its containers and its terms. */
export function BillOfLadingDialog({
  blNumber,
  onClose,
}: {
  blNumber: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      fullScreen
      open
      onClose={onClose}
      data-testid="bl-dialog"
      aria-labelledby="bl-dialog-title"
    >
      <AppBar position="sticky" elevation={0}>
        <Toolbar>
          <IconButton
            edge="start"
            color="inherit"
            onClick={onClose}
            aria-label={t('releases.close')}
          >
            <CloseIcon />
          </IconButton>
          <Typography id="bl-dialog-title" component="h2" variant="h6" sx={{ ml: 2 }}>
            {t('releases.billOfLading.title', { blNumber })}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box sx={{ p: 3, display: 'grid', gap: 3 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('releases.billOfLading.containers')}
          </Typography>
          <BlContainersTable
            blNumber={blNumber}
            search=""
            filter={everyContainer}
            testId="bl-dialog-containers"
          />
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('releases.billOfLading.terms')}
          </Typography>
          <BlTerms blNumber={blNumber} />
        </Paper>
      </Box>
    </Dialog>
  );
}

function BlTerms({ blNumber }: { blNumber: string }) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const terms = useQuery({
    queryKey: releaseKeys.terms(blNumber),
    queryFn: async () => sanitiseTerms(await api.fetchTerms(blNumber)),
  });
  if (terms.isPending) return <CircularProgress size={24} aria-label={t('releases.loading')} />;
  if (terms.isError) return <Alert severity="error">{describeApiError(terms.error, t)}</Alert>;
  if (!terms.data.trim()) {
    return <Typography color="text.secondary">{t('releases.billOfLading.noTerms')}</Typography>;
  }
  return (
    <Box
      data-testid="bl-terms"
      sx={{ '& p': { mt: 0 }, overflowWrap: 'anywhere' }}
      // Sanitised by DOMPurify just above.
      dangerouslySetInnerHTML={{ __html: terms.data }}
    />
  );
}
