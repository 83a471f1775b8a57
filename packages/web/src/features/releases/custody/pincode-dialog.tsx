import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { ContainerRow } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { refusedLine } from './custody-report.ts';
import { PincodeTable } from './pincode-table.tsx';
import { CustodyDoneDialog, CustodyStepDialog } from './custody-dialog-frame.tsx';
import { useCustodyAction } from './use-custody-action.ts';
import { SelectedContainers } from '../dialogs/selected-containers.tsx';

export interface PincodeDialogProps {
  rows: ContainerRow[];
  onClose: () => void;
}

/**
 * Releases spec §2 "Pincode dialog/confirmation": a warning that fetching a pincode is
 * discouraged (the release can no longer be transferred after it), then the pincodes. When some
 * cannot be retrieved, the person continues with the others or without (spec §8); when none
 * can, the dialog says so and offers only to close.
 */
export function PincodeDialog({ rows, onClose }: PincodeDialogProps) {
  const { t } = useTranslation();
  const custody = useCustodyAction('pincode', { reviewRefusals: true });
  const { phase } = custody;

  if (phase.name === 'done') {
    return (
      <CustodyDoneDialog
        testId="pincode-dialog"
        title={t('releases.custody.pincode.resultTitle')}
        onClose={onClose}
      >
        <PincodeTable outcome={phase.outcome} />
      </CustodyDoneDialog>
    );
  }

  if (phase.name === 'review') {
    const { refused, eligible_releases: eligible } = phase.dryRun.answer;
    return (
      <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="pincode-dialog">
        <DialogTitle>{t('releases.custody.pincode.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning" data-testid="pincode-not-retrievable">
            <AlertTitle>{t('releases.custody.pincode.couldNotRetrieve')}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {refused.map((release) => (
                <li key={release.address}>{refusedLine(t, 'pincode', release)}</li>
              ))}
            </Box>
          </Alert>
          <DialogContentText sx={{ mt: 2 }}>
            {eligible.length > 0
              ? t('releases.custody.pincode.retrievable', { count: eligible.length })
              : t('releases.custody.pincode.noneRetrievable')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          {eligible.length > 0 ? (
            <>
              <Button onClick={onClose} data-testid="pincode-continue-without">
                {t('releases.custody.pincode.continueWithout')}
              </Button>
              <Button
                variant="contained"
                onClick={() => void custody.proceed()}
                data-testid="pincode-continue-with"
              >
                {t('releases.custody.pincode.continueWith')}
              </Button>
            </>
          ) : (
            // Nothing to continue with: only the way out (no disabled "Continue with").
            <Button variant="contained" onClick={onClose} data-testid="pincode-close">
              {t('releases.close')}
            </Button>
          )}
        </DialogActions>
        {custody.walletPrompt}
      </Dialog>
    );
  }

  return (
    <CustodyStepDialog
      testId="pincode-dialog"
      title={t('releases.custody.pincode.title')}
      custody={custody}
      onClose={onClose}
      confirm={{
        label: t('releases.custody.pincode.confirm'),
        onClick: () => void custody.start(rows.map((row) => row.address)),
        disabled: rows.length === 0,
        warning: true,
        testId: 'custody-confirm',
      }}
    >
      <Alert severity="warning" data-testid="pincode-warning">
        {t('releases.custody.pincode.discouraged')}
      </Alert>
      <DialogContentText data-testid="custody-count">
        {t('releases.custody.pincode.text', { count: rows.length })}
      </DialogContentText>
      <SelectedContainers rows={rows} />
    </CustodyStepDialog>
  );
}
