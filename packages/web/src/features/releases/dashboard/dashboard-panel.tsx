import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { DashboardSlice } from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { useIdle } from '../../../ui/when-idle.ts';
import { FeatureGate, useFeature } from '../../premium/feature-gate.tsx';
import { useTerminals } from '../api/use-lookups.ts';
import { dashboardKey, useDashboardApi } from './dashboard-api.tsx';

/** MUI X Charts arrive in their own chunk, only when a dashboard is shown (issue 13). */
const DashboardCharts = lazy(() => import('./dashboard-charts.tsx'));

const openKey = 'scr.dashboard.open';

/** `initial` unless the user opened or closed it before (remembered on this browser). */
function useRememberedOpen(initial: boolean): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(() => {
    const saved = window.localStorage.getItem(openKey);
    return saved === null ? initial : saved === 'true';
  });
  return [
    open,
    (next) => {
      window.localStorage.setItem(openKey, String(next));
      setOpen(next);
    },
  ];
}

export interface DashboardPanelProps {
  /** The slice the table is filtered on, highlighted in its chart. */
  slice: DashboardSlice | null;
  /** A click on a slice: the overview toggles it (domain `toggleSlice`). */
  onSlice: (slice: DashboardSlice) => void;
}

/**
 * Releases spec §2: the collapsible dashboard above the table, up to four pie charts (domain
 * `dashboardItems`), behind canDashboard; without it, the promotional page when opened.
 */
export function DashboardPanel({ slice, onSlice }: DashboardPanelProps) {
  const { t } = useTranslation();
  const enabled = useFeature('canDashboard');
  // On a phone the charts would push the releases a screen down: closed until opened (issue 15).
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useRememberedOpen(enabled && !phone);
  return (
    <Paper variant="outlined" sx={{ mb: 2 }} data-testid="dashboard">
      <Button
        fullWidth
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        sx={{ justifyContent: 'space-between', px: 2, py: 0.5 }}
        data-testid="dashboard-toggle"
      >
        {t('releases.dashboard.title')}
      </Button>
      <Collapse in={open} unmountOnExit>
        <Box sx={{ px: 2, pb: 1.5 }}>
          <FeatureGate feature="canDashboard">
            <DashboardContent slice={slice} onSlice={onSlice} />
          </FeatureGate>
        </Box>
      </Collapse>
    </Paper>
  );
}

function DashboardContent({ slice, onSlice }: DashboardPanelProps) {
  const { t } = useTranslation();
  const api = useDashboardApi();
  const dashboard = useQuery({ queryKey: dashboardKey, queryFn: () => api.findDashboard() });
  // The pick-up locations' slices are named by their terminals: charts drawn before the names
  // would widen and move when they arrive.
  const terminals = useTerminals();
  // The charts' code (MUI X Charts) is fetched and drawn after the page's start-up work: the
  // releases first, in the room kept for the charts.
  const idle = useIdle();
  // In the room of the charts (a title line and an 88 px pie each, four to a row from lg, two
  // from sm), so that the table below stays where it is when they arrive (layout shift).
  const loading = (
    <Box
      sx={{
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        minHeight: { xs: 4 * 114 + 3 * 12, sm: 2 * 114 + 12, lg: 114 },
      }}
    >
      <CircularProgress aria-label={t('releases.dashboard.loading')} />
    </Box>
  );
  if (dashboard.isPending || terminals.isPending || !idle) return loading;
  if (dashboard.isError) {
    return <Alert severity="error">{describeApiError(dashboard.error, t)}</Alert>;
  }
  if (dashboard.data.data.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="dashboard-empty">
        {t('releases.dashboard.empty')}
      </Typography>
    );
  }
  return (
    <Suspense fallback={loading}>
      <DashboardCharts answer={dashboard.data} slice={slice} onSlice={onSlice} />
    </Suspense>
  );
}
