import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustodyOutcome } from '../custody/custody-flow.ts';
import { excludedGroups, pcsReportGroups } from './pcs-report.ts';

type PcsOutcome = CustodyOutcome & { action: 'transferToPcs' | 'revokeFromPcs' };

/**
 * The PCS report (releases spec §2 "PCS transfer/revoke dialog with a report", §8 "successes and
 * errors"): per container, done; still on its way ("sending to PCS", tried again automatically);
 * refused by the PCS with why; and the containers the dialog left out.
 */
export function PcsReportView({ outcome }: { outcome: PcsOutcome }) {
  const { t } = useTranslation();
  const groups = pcsReportGroups(t, outcome.pcsReport ?? []);
  const excluded = excludedGroups(t, outcome.action, outcome.refused);
  const nothing = groups.done.length + groups.pending.length + groups.refused.length === 0;
  return (
    <Box data-testid="pcs-report">
      {groups.done.length > 0 ? (
        <Section severity="success" testId="pcs-report-done" lines={groups.done}>
          {t(`releases.pcs.${outcome.action}.done`, { count: groups.done.length })}
        </Section>
      ) : null}
      {groups.pending.length > 0 ? (
        <Section severity="info" testId="pcs-report-pending" lines={groups.pending}>
          {t(`releases.pcs.${outcome.action}.pending`, { count: groups.pending.length })}
        </Section>
      ) : null}
      {groups.refused.length > 0 ? (
        <Section severity="error" testId="pcs-report-refused" lines={groups.refused}>
          {t('releases.pcs.report.refused', { count: groups.refused.length })}
        </Section>
      ) : null}
      {nothing ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('releases.custody.report.nothingDone')}
        </Alert>
      ) : null}
      {excluded.map(({ group, lines }) => (
        <Section key={group} severity="warning" testId={`pcs-excluded-${group}`} lines={lines}>
          {t(`releases.pcs.excluded.${group}`, { count: lines.length })}
        </Section>
      ))}
    </Box>
  );
}

/** One group of containers under its heading. */
export function Section(props: {
  severity: 'success' | 'info' | 'warning' | 'error';
  testId: string;
  lines: string[];
  children: string;
}) {
  return (
    <Alert severity={props.severity} sx={{ mb: 2 }} data-testid={props.testId}>
      <Typography variant="subtitle2">{props.children}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {props.lines.map((line, index) => (
          <li key={`${index}-${line}`}>{line}</li>
        ))}
      </Box>
    </Alert>
  );
}
