import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { maxSelectedReleases } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { useReleaseSelection, type MatchingQuery } from './release-selection.ts';

export interface SelectAllMatchingProps {
  /** What the table shows now: its search, filter and slice. */
  query: MatchingQuery;
  /** How many releases match in all (the table's count). */
  total: number;
  /** The table stopped counting at `total`: more match. */
  totalCapped: boolean;
}

/**
 * Issue 13 item 4: once a row is ticked and more releases match than are selected, offers to
 * select every release that matches, across pages, with the count; says so while that
 * selection holds, and why not when more than `maxSelectedReleases` match.
 */
export function SelectAllMatching({ query, total, totalCapped }: SelectAllMatchingProps) {
  const { t, i18n } = useTranslation();
  const selection = useReleaseSelection();
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const number = (n: number) => new Intl.NumberFormat(i18n.language).format(n);

  if (selection.allMatching && selection.count > 0) {
    return (
      <Alert
        severity="info"
        data-testid="select-all-matching"
        action={
          <Button color="inherit" size="small" onClick={selection.clear}>
            {t('releases.selection.clear')}
          </Button>
        }
      >
        {t('releases.selection.allSelected', {
          count: selection.count,
          shown: number(selection.count),
        })}
      </Alert>
    );
  }
  if (selection.count === 0 || total <= selection.count) return null;
  const tooMany = totalCapped || total > maxSelectedReleases;
  const selectAll = async () => {
    setRunning(true);
    setFailure(null);
    try {
      await selection.selectAllMatching(query);
    } catch (error) {
      setFailure(error);
    } finally {
      setRunning(false);
    }
  };
  return (
    <Alert
      severity={failure ? 'warning' : 'info'}
      data-testid="select-all-matching"
      action={
        tooMany ? undefined : (
          <Button
            color="inherit"
            size="small"
            disabled={running}
            onClick={selectAll}
            startIcon={running ? <CircularProgress size={14} color="inherit" /> : undefined}
            data-testid="select-all-matching-button"
          >
            {t('releases.selection.selectAll', { count: total, shown: number(total) })}
          </Button>
        )
      }
    >
      {failure
        ? describeApiError(failure, t)
        : tooMany
          ? t('releases.selection.tooMany', { shown: number(maxSelectedReleases) })
          : t('releases.selection.someSelected', {
              count: selection.count,
              shown: number(selection.count),
            })}
    </Alert>
  );
}
