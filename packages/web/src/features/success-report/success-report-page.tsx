import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import {
  mayReadSuccessReport,
  reportPeriods,
  type ReportPeriod,
  type SuccessReport,
} from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '../not-found/not-found-page.tsx';
import { none } from '../releases/tables/cells.tsx';
import { useSession } from '../session/session-context.tsx';
import { fetchSuccessReport, successReportKeys } from './success-report-api.ts';
import { formatMoment } from '../../ui/formats.ts';

/** The path of the report page (access spec §2 "Assignment success report"). */
export const successReportPath = '/assignment-report';

const overviewFields = ['total', 'succeeded', 'failed', 'successRate'] as const;
const failedColumns = [
  'blNumber',
  'containerNumber',
  'checkedValue',
  'assignedValue',
  'checkedAt',
  'reason',
] as const;

/**
 * The assignment success report (access spec §2, §9 "Report periods: 1 week, 1 month, all"):
 * for the organisations that assign (transport organisations with a transporter flag), the
 * overview of the gate checks of their assignments and the failed checks.
 */
export function SuccessReportPage() {
  const { user } = useSession();
  if (!user || !mayReadSuccessReport(user.organizationRole, user.features)) {
    return <NotFoundPage />;
  }
  return <Report />;
}

function Report() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<ReportPeriod>('week');
  const report = useQuery({
    queryKey: successReportKeys.period(period),
    queryFn: () => fetchSuccessReport(period),
  });
  return (
    <Box data-testid="success-report-page">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {t('gate.report.title')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={period}
        onChange={(_event, next: ReportPeriod | null) => next && setPeriod(next)}
        aria-label={t('gate.report.period.label')}
        sx={{ mb: 2 }}
      >
        {reportPeriods.map((value) => (
          <ToggleButton key={value} value={value} data-testid={`report-period-${value}`}>
            {t(`gate.report.period.${value}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {report.isPending && <CircularProgress size={28} />}
      {report.isError && <Alert severity="error">{t('gate.report.loadError')}</Alert>}
      {report.isSuccess && <ReportBody report={report.data} />}
    </Box>
  );
}

function ReportBody({ report }: { report: SuccessReport }) {
  const { t } = useTranslation();
  const { overview } = report;
  const shown = (field: (typeof overviewFields)[number]) =>
    field === 'successRate'
      ? overview.successRate === null
        ? none
        : `${overview.successRate} %`
      : String(overview[field]);
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))',
        }}
        data-testid="success-report-overview"
      >
        {overviewFields.map((field) => (
          <Paper key={field} variant="outlined" sx={{ p: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t(`gate.report.overview.${field}`)}
            </Typography>
            <Typography variant="h5" data-testid={`report-${field}`}>
              {shown(field)}
            </Typography>
          </Paper>
        ))}
      </Box>
      {overview.total === 0 ? <NoChecks /> : <FailedChecks report={report} />}
    </>
  );
}

/**
 * No gate check in the period: what a gate check is and where it comes from, and where to
 * start (DESIGN §3 "Secure pick-up: assignment and the gate": the terminal's gate checks the
 * identification shown against the one assigned, and every check feeds this report).
 */
function NoChecks() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      sx={{ mt: 3 }}
      data-testid="success-report-empty"
      action={
        <Button component={Link} to="/releases" color="inherit" size="small">
          {t('gate.report.empty.openReleases')}
        </Button>
      }
    >
      <AlertTitle>{t('gate.report.empty.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('gate.report.empty.what')}
      </Typography>
      <Typography variant="body2">{t('gate.report.empty.source')}</Typography>
    </Alert>
  );
}

function FailedChecks({ report }: { report: SuccessReport }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mt: 3, mb: 1 }}>
        {t('gate.report.failedTitle')}
      </Typography>
      {report.checkFailed.length === 0 ? (
        <Typography color="text.secondary" data-testid="success-report-no-failures">
          {t('gate.report.noFailures')}
        </Typography>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="success-report-failed">
              <TableHead>
                <TableRow>
                  {failedColumns.map((column) => (
                    <TableCell key={column}>{t(`gate.report.column.${column}`)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {report.checkFailed.map((check) => (
                  <TableRow key={`${check.releaseAddress}-${check.checkedAt}`}>
                    <TableCell>{check.blNumber}</TableCell>
                    <TableCell>{check.containerNumber}</TableCell>
                    <TableCell>{check.checkedValue}</TableCell>
                    <TableCell>{check.assignedValue ?? none}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatMoment(check.checkedAt)}
                    </TableCell>
                    <TableCell>{t(`gate.refusal.${check.reason}`)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </>
  );
}
