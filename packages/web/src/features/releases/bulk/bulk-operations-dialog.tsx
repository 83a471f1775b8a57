import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { bulkCandidates, type BulkAction, type BulkFileAnswer, type BulkPair } from '@scr/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { PremiumPromo } from '../../premium/premium-promo.tsx';
import { useFeature } from '../../premium/feature-gate.tsx';
import { AssignmentDialog } from '../assignment/assignment-dialog.tsx';
import type { CustodyOutcome } from '../custody/custody-flow.ts';
import { useBulkApi } from './bulk-api.tsx';
import { BulkActionStep } from './bulk-action-step.tsx';
import { BulkFileStep } from './bulk-file-step.tsx';
import { applyCorrections, classifyAll, type BulkRow } from './bulk-flow.ts';
import { BulkProgress } from './bulk-progress.tsx';
import { bulkReportLines } from './bulk-report.ts';
import { BulkReportView } from './bulk-report-view.tsx';
import { BulkReview } from './bulk-review.tsx';

type Stage =
  | { name: 'file' }
  | { name: 'classifying'; done: number; total: number }
  | { name: 'review' }
  | { name: 'action'; action: BulkAction }
  | { name: 'failed'; message: string };

/**
 * Releases spec §2 "Bulk Operations dialog" (issue 13 item 1), behind canBulkOperations (else
 * the premium info frame): upload a file of BL + container pairs, watch it classified (§4),
 * correct or ignore the warnings, run transfer, revoke, pincode or assign on the eligible ones
 * through the signed custody path, and read (and download) the report.
 */
export function BulkOperationsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const enabled = useFeature('canBulkOperations');
  const calls = useBulkApi();
  const [stage, setStage] = useState<Stage>({ name: 'file' });
  const [file, setFile] = useState<BulkFileAnswer | null>(null);
  const [rows, setRows] = useState<BulkRow[]>([]);

  const read = async (answer: BulkFileAnswer) => {
    setFile(answer);
    try {
      const classified = await classifyAll(calls, answer.pairs, (done, total) =>
        setStage({ name: 'classifying', done, total }),
      );
      setRows(classified);
      setStage({ name: 'review' });
    } catch (error) {
      setStage({ name: 'failed', message: describeApiError(error, t) });
    }
  };
  const recheck = async (corrections: ReadonlyMap<number, BulkPair>) => {
    setRows(await applyCorrections(calls, rows, corrections));
  };
  const report = (action: BulkAction) => (outcome: CustodyOutcome) => (
    <BulkReportView
      action={action}
      lines={bulkReportLines(t, action, rows, file?.problems ?? [], outcome)}
    />
  );

  if (stage.name === 'action' && stage.action === 'assign') {
    return (
      <AssignmentDialog
        rows={candidatesOf('assign', rows)}
        onClose={() => setStage({ name: 'review' })}
        report={(outcome) => (
          <Frame title={t('releases.bulk.report.title')} onClose={onClose} closing>
            {report('assign')(outcome)}
          </Frame>
        )}
      />
    );
  }

  let body: ReactNode;
  if (!enabled) {
    body = <PremiumPromo feature="canBulkOperations" />;
  } else if (stage.name === 'file') {
    return (
      <Frame title={t('releases.bulk.title')} onClose={onClose}>
        <BulkFileStep onRead={(answer) => void read(answer)} onClose={onClose} />
      </Frame>
    );
  } else if (stage.name === 'classifying') {
    body = (
      <BulkProgress
        testId="bulk-classify-progress"
        fraction={stage.total === 0 ? 1 : stage.done / stage.total}
        label={t('releases.bulk.progress.classifying', { done: stage.done, total: stage.total })}
      />
    );
  } else if (stage.name === 'failed') {
    body = <p data-testid="bulk-error">{stage.message}</p>;
  } else if (stage.name === 'review') {
    return (
      <Frame title={t('releases.bulk.title')} onClose={onClose}>
        <BulkReview
          fileName={file?.fileName ?? ''}
          rows={rows}
          problems={file?.problems ?? []}
          warnings={file?.warnings ?? []}
          onRecheck={recheck}
          onChoose={(action) => setStage({ name: 'action', action })}
          onClose={onClose}
        />
      </Frame>
    );
  } else {
    const action = stage.action as Exclude<BulkAction, 'assign'>;
    return (
      <Frame title={t(`releases.bulk.confirm.${action}Title`)} onClose={onClose}>
        <BulkActionStep
          action={action}
          addresses={candidatesOf(action, rows).map((row) => row.address)}
          onBack={() => setStage({ name: 'review' })}
          report={(outcome) => (
            <>
              <DialogContent>{report(action)(outcome)}</DialogContent>
              <DialogActions>
                <Button onClick={onClose} data-testid="bulk-close">
                  {t('releases.close')}
                </Button>
              </DialogActions>
            </>
          )}
        />
      </Frame>
    );
  }
  return (
    <Frame title={t('releases.bulk.title')} onClose={onClose} closing>
      {body}
    </Frame>
  );
}

/** The releases an action would be asked for, as the assign dialog lists them. */
function candidatesOf(action: BulkAction, rows: readonly BulkRow[]) {
  return bulkCandidates(action, rows).map((row) => ({
    address: row.address!,
    blNumber: row.blNumber,
    containerNumber: row.containerNumber,
  }));
}

/** The dialog around every stage; `closing` adds content padding and a Close button. */
function Frame(props: {
  title: string;
  onClose: () => void;
  closing?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open maxWidth="md" fullWidth aria-labelledby="bulk-title" data-testid="bulk-dialog">
      <DialogTitle id="bulk-title">{props.title}</DialogTitle>
      {props.closing ? (
        <>
          <DialogContent>{props.children}</DialogContent>
          <DialogActions>
            <Button onClick={props.onClose} data-testid="bulk-close">
              {t('releases.close')}
            </Button>
          </DialogActions>
        </>
      ) : (
        props.children
      )}
    </Dialog>
  );
}
