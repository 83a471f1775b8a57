import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustodyOutcome } from './custody-flow.ts';
import { reportGroups, type ReportGroups } from './custody-report.ts';

const problemGroups = ['notOwned', 'pincodeFetched', 'errors'] as const;

/**
 * Releases spec §8 "Reports": the successes, then not owned, pincode already fetched and the
 * other errors, one line per container as "BL : container — reason".
 */
export function CustodyReportView({ outcome }: { outcome: CustodyOutcome }) {
  const { t } = useTranslation();
  const groups = reportGroups(t, outcome);
  return (
    <ReleaseReportView
      groups={groups}
      done={t(`releases.custody.${outcome.action}.done`, { count: groups.succeeded.length })}
    />
  );
}

/**
 * A per-release report (releases spec §7 "Handling of answers", §8 "Reports"): what was done,
 * under `done`, then each group of refused releases. The custody actions and the multi-release
 * edit show it alike.
 */
export function ReleaseReportView({ groups, done }: { groups: ReportGroups; done: string }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="custody-report">
      {groups.succeeded.length > 0 ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="custody-report-succeeded">
          <Typography variant="subtitle2">{done}</Typography>
          <Lines lines={groups.succeeded} />
        </Alert>
      ) : (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('releases.custody.report.nothingDone')}
        </Alert>
      )}
      {problemGroups.map((group) => (
        <ProblemGroup key={group} group={group} groups={groups} />
      ))}
    </Box>
  );
}

function ProblemGroup({
  group,
  groups,
}: {
  group: (typeof problemGroups)[number];
  groups: ReportGroups;
}) {
  const { t } = useTranslation();
  const lines = groups[group];
  if (lines.length === 0) return null;
  return (
    <Alert
      severity={group === 'errors' ? 'error' : 'warning'}
      sx={{ mb: 2 }}
      data-testid={`custody-report-${group}`}
    >
      <Typography variant="subtitle2">{t(`releases.custody.report.${group}`)}</Typography>
      <Lines lines={lines} />
    </Alert>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {lines.map((line, index) => (
        <li key={`${index}-${line}`}>{line}</li>
      ))}
    </Box>
  );
}
