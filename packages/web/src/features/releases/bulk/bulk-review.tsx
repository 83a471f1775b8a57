import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  assignableTypes,
  bulkActions,
  bulkCandidates,
  bulkClasses,
  bulkCounts,
  type BulkAction,
  type BulkClass,
  type BulkFileProblem,
  type BulkFileWarning,
  type BulkPair,
} from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.tsx';
import type { BulkRow } from './bulk-flow.ts';
import { BulkProblemGroup, BulkWarningGroup } from './bulk-warnings.tsx';

export interface BulkReviewProps {
  fileName: string;
  rows: readonly BulkRow[];
  problems: readonly BulkFileProblem[];
  /** How the file was read (its first row was a pair, read as one). */
  warnings?: readonly BulkFileWarning[];
  /** Classifies the corrected pairs again; answers when done. */
  onRecheck: (corrections: ReadonlyMap<number, BulkPair>) => Promise<void>;
  onChoose: (action: BulkAction) => void;
  onClose: () => void;
}

/**
 * Releases spec §4, §5, §8: the file's pairs counted per class, the warnings to correct or
 * ignore, and the action to run on the eligible ones (issue 13 item 1: transfer, revoke,
 * pincode or assign), each with how many releases it would take.
 */
export function BulkReview(props: BulkReviewProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const counts = bulkCounts(props.rows);
  const [ignored, setIgnored] = useState<ReadonlySet<BulkClass>>(new Set());
  const [corrections, setCorrections] = useState<ReadonlyMap<number, BulkPair>>(new Map());
  const [checking, setChecking] = useState(false);
  const [action, setAction] = useState<BulkAction | null>(null);
  const features = user?.features;
  const offered = (candidate: BulkAction) =>
    candidate === 'assign'
      ? assignableTypes(features ?? {}).length > 0
      : candidate === 'pincode' || features?.canTransferRevoke === true;
  const sizes = Object.fromEntries(
    bulkActions.map((candidate) => [candidate, bulkCandidates(candidate, props.rows).length]),
  ) as Record<BulkAction, number>;
  const warned = bulkClasses.filter(
    (bulkClass) => bulkClass !== 'eligible' && counts[bulkClass] > 0 && !ignored.has(bulkClass),
  );

  const correct = (row: number, pair: BulkPair | null) =>
    setCorrections((now) => {
      const next = new Map(now);
      if (pair) next.set(row, pair);
      else next.delete(row);
      return next;
    });
  const recheck = async () => {
    setChecking(true);
    try {
      await props.onRecheck(corrections);
      setCorrections(new Map());
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Typography data-testid="bulk-summary">
            {t('releases.bulk.review.summary', {
              fileName: props.fileName,
              count: props.rows.length,
            })}
          </Typography>
          {(props.warnings ?? []).map((warning) => (
            <Alert key={warning.kind} severity="warning" data-testid={`bulk-file-${warning.kind}`}>
              {t(`releases.bulk.file.${warning.kind}`, { row: warning.row })}
            </Alert>
          ))}
          <Table size="small" aria-label={t('releases.bulk.review.counts')}>
            <TableBody>
              {bulkClasses.map((bulkClass) => (
                <TableRow key={bulkClass} data-testid={`bulk-count-${bulkClass}`}>
                  <TableCell>{t(`releases.bulk.classLabel.${bulkClass}`)}</TableCell>
                  <TableCell align="right">{counts[bulkClass]}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <div>
            {warned.map((bulkClass) => (
              <BulkWarningGroup
                key={bulkClass}
                bulkClass={bulkClass}
                rows={props.rows.filter((row) => row.bulkClass === bulkClass)}
                corrections={corrections}
                onCorrect={correct}
                onIgnore={() => setIgnored((now) => new Set([...now, bulkClass]))}
              />
            ))}
            <BulkProblemGroup problems={props.problems} />
          </div>
          {corrections.size > 0 ? (
            <Alert
              severity="info"
              action={
                <Button onClick={recheck} disabled={checking} data-testid="bulk-recheck">
                  {t('releases.bulk.review.recheck')}
                </Button>
              }
            >
              {t('releases.bulk.review.corrections', { count: corrections.size })}
            </Alert>
          ) : null}
          <RadioGroup
            value={action ?? ''}
            onChange={(_, value) => setAction(value as BulkAction)}
            aria-label={t('releases.bulk.review.action')}
          >
            {bulkActions.map((candidate) => (
              <FormControlLabel
                key={candidate}
                value={candidate}
                disabled={sizes[candidate] === 0 || !offered(candidate)}
                control={
                  <Radio
                    slotProps={{ input: { 'data-testid': `bulk-action-${candidate}` } as object }}
                  />
                }
                label={t(`releases.bulk.action.${candidate}`, { count: sizes[candidate] })}
              />
            ))}
          </RadioGroup>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('releases.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!action || checking || corrections.size > 0}
          onClick={() => action && props.onChoose(action)}
          data-testid="bulk-continue"
        >
          {t('releases.bulk.review.continue')}
        </Button>
      </DialogActions>
    </>
  );
}
