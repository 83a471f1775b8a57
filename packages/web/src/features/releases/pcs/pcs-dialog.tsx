import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ContainerRow, PcsAction } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { CustodyDoneDialog, CustodyStepDialog } from '../custody/custody-dialog-frame.tsx';
import type { CustodyStep } from '../custody/custody-flow.ts';
import { useCustodyAction } from '../custody/use-custody-action.ts';
import { SelectedContainers } from '../dialogs/selected-containers.tsx';
import { excludedGroups } from './pcs-report.ts';
import { PcsReportView, Section } from './pcs-report-view.tsx';

export interface PcsDialogProps {
  action: PcsAction;
  rows: ContainerRow[];
  onClose: () => void;
}

/**
 * Releases spec §2 "PCS transfer/revoke dialog with a report" (issue 14 item 1): confirm, then
 * the dry run; the containers it leaves out are listed by group (no PCS, send status conflicts,
 * already transferred, others) before the rest go on; the wallet signs one statement; "sending
 * to PCS" while the portal hands them over; the report per container.
 */
export function PcsDialog({ action, rows, onClose }: PcsDialogProps) {
  const { t } = useTranslation();
  const custody = useCustodyAction(action, { reviewRefusals: true });
  const { phase } = custody;

  if (phase.name === 'done') {
    return (
      <CustodyDoneDialog
        testId="pcs-dialog"
        closeTestId="pcs-close"
        title={t(`releases.pcs.${action}.reportTitle`)}
        onClose={onClose}
      >
        <PcsReportView outcome={{ ...phase.outcome, action }} />
      </CustodyDoneDialog>
    );
  }
  const review = phase.name === 'review' ? phase.dryRun.answer : null;
  const eligible = review?.eligible_releases.length ?? rows.length;
  return (
    <CustodyStepDialog
      testId="pcs-dialog"
      title={t(`releases.pcs.${action}.title`)}
      custody={custody}
      onClose={onClose}
      progress={(step) => <PcsProgress action={action} step={step} />}
      confirm={{
        label: t(`releases.pcs.${action}.confirm`, { count: eligible }),
        onClick: () =>
          review ? void custody.proceed() : void custody.start(rows.map((row) => row.address)),
        disabled: rows.length === 0 || eligible === 0,
        warning: action === 'revokeFromPcs',
        testId: 'pcs-confirm',
      }}
    >
      {review ? (
        <>
          <DialogContentText data-testid="pcs-eligible">
            {t(`releases.pcs.${action}.eligible`, { count: eligible })}
          </DialogContentText>
          <Box>
            {excludedGroups(t, action, review.refused).map(({ group, lines }) => (
              <Section
                key={group}
                severity="warning"
                testId={`pcs-excluded-${group}`}
                lines={lines}
              >
                {t(`releases.pcs.excluded.${group}`, { count: lines.length })}
              </Section>
            ))}
          </Box>
        </>
      ) : (
        <>
          <DialogContentText data-testid="pcs-count">
            {t(`releases.pcs.${action}.text`, { count: rows.length })}
          </DialogContentText>
          <SelectedContainers rows={rows} />
        </>
      )}
    </CustodyStepDialog>
  );
}

/** Which step runs: checking, the wallet signing, then "sending to PCS" (the apply call). */
function PcsProgress({ action, step }: { action: PcsAction; step: CustodyStep }) {
  const { t } = useTranslation();
  const text =
    step === 'apply' ? t(`releases.pcs.${action}.sending`) : t(`releases.custody.step.${step}`);
  return (
    <Box data-testid="pcs-progress" data-step={step}>
      <LinearProgress sx={{ mb: 1 }} />
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}
