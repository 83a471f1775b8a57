import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CustodyOutcome } from '../custody/custody-flow.ts';
import { reportGroups } from '../custody/custody-report.ts';

/**
 * Releases spec §2 "an assignment report dialog", §8 "Reports": the containers assigned (or
 * un-assigned), then those refused with their per-release reason (deleted, gate-out, not owned,
 * sent to PCS, not a pilot terminal or carrier, missing alfaPass, itsme or port-account
 * registration, no assignee) and the wallet's failures, one line per container.
 */
export function AssignmentReportDialog(props: { outcome: CustodyOutcome; onClose: () => void }) {
  const { t } = useTranslation();
  const { outcome } = props;
  const groups = reportGroups(t, outcome);
  const problems = [...groups.notOwned, ...groups.pincodeFetched, ...groups.errors];
  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth data-testid="assignment-report">
      <DialogTitle>{t(`assignment.report.${outcome.action}Title`)}</DialogTitle>
      <DialogContent>
        <Box>
          {groups.succeeded.length > 0 ? (
            <Alert severity="success" sx={{ mb: 2 }} data-testid="assignment-report-succeeded">
              <Typography variant="subtitle2">
                {t(`assignment.report.${outcome.action}Done`, { count: groups.succeeded.length })}
              </Typography>
              <Lines lines={groups.succeeded} />
            </Alert>
          ) : (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('assignment.report.nothingDone')}
            </Alert>
          )}
          {problems.length > 0 ? (
            <Alert severity="warning" data-testid="assignment-report-problems">
              <Typography variant="subtitle2">{t('assignment.report.problems')}</Typography>
              <Lines lines={problems} />
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} data-testid="assignment-report-close">
          {t('assignment.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <ul style={{ margin: 0, paddingLeft: 20 }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
