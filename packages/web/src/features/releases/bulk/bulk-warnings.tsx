import EditIcon from '@mui/icons-material/Edit';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { BulkClass, BulkFileProblem, BulkPair } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkRow } from './bulk-flow.ts';

/** Lines shown per group; the report holds them all. */
export const shownLines = 200;

/**
 * Releases spec §5 "Warnings are reported with counts and the user can correct or ignore them":
 * one group per class, each line "BL : container …" (§8) with a button to retype the pair;
 * a group can be ignored (put away). Corrections are classified again by the caller.
 */
export function BulkWarningGroup(props: {
  bulkClass: BulkClass;
  rows: readonly BulkRow[];
  corrections: ReadonlyMap<number, BulkPair>;
  onCorrect: (row: number, pair: BulkPair | null) => void;
  onIgnore: () => void;
}) {
  const { t } = useTranslation();
  const { bulkClass, rows } = props;
  return (
    <Accordion disableGutters data-testid={`bulk-warnings-${bulkClass}`}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2">
          {t(`releases.bulk.classLabel.${bulkClass}`)} ({rows.length})
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
          {rows.slice(0, shownLines).map((row) => (
            <WarningLine
              key={row.row}
              row={row}
              correction={props.corrections.get(row.row) ?? null}
              onCorrect={(pair) => props.onCorrect(row.row, pair)}
            />
          ))}
        </Box>
        {rows.length > shownLines ? (
          <Typography variant="body2" color="text.secondary">
            {t('releases.bulk.review.more', { count: rows.length - shownLines })}
          </Typography>
        ) : null}
        <Button size="small" onClick={props.onIgnore} data-testid={`bulk-ignore-${bulkClass}`}>
          {t('releases.bulk.review.ignore')}
        </Button>
      </AccordionDetails>
    </Accordion>
  );
}

function WarningLine(props: {
  row: BulkRow;
  correction: BulkPair | null;
  onCorrect: (pair: BulkPair | null) => void;
}) {
  const { t } = useTranslation();
  const { row } = props;
  const [editing, setEditing] = useState(false);
  const [bl, setBl] = useState(row.blNumber);
  const [container, setContainer] = useState(row.containerNumber);
  const line = `${row.blNumber} : ${row.containerNumber} ${t(`releases.bulk.class.${row.bulkClass}`)}`;
  if (editing) {
    const save = () => {
      props.onCorrect({ blNumber: bl, containerNumber: container });
      setEditing(false);
    };
    return (
      <li data-testid={`bulk-correct-${row.row}`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', my: 0.5 }}>
          <TextField
            size="small"
            label={t('releases.bulk.report.columns.blNumber')}
            value={bl}
            onChange={(event) => setBl(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'bulk-correct-bl' } }}
          />
          <TextField
            size="small"
            label={t('releases.bulk.report.columns.containerNumber')}
            value={container}
            onChange={(event) => setContainer(event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'bulk-correct-container' } }}
          />
          <Button size="small" onClick={save} disabled={!bl.trim() || !container.trim()}>
            {t('releases.bulk.review.keep')}
          </Button>
        </Stack>
      </li>
    );
  }
  return (
    <li>
      {props.correction
        ? t('releases.bulk.review.corrected', {
            line,
            pair: `${props.correction.blNumber} : ${props.correction.containerNumber}`,
          })
        : line}
      <IconButton
        size="small"
        aria-label={t('releases.bulk.review.correct')}
        onClick={() => setEditing(true)}
        data-testid={`bulk-edit-${row.row}`}
      >
        <EditIcon fontSize="inherit" />
      </IconButton>
    </li>
  );
}

/** The rows that were not pairs: no BL or container number, or a pair repeated. */
export function BulkProblemGroup({ problems }: { problems: readonly BulkFileProblem[] }) {
  const { t } = useTranslation();
  if (problems.length === 0) return null;
  return (
    <Accordion disableGutters data-testid="bulk-problems">
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Typography variant="subtitle2">
          {t('releases.bulk.review.problems')} ({problems.length})
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 200, overflowY: 'auto' }}>
          {problems.slice(0, shownLines).map((problem) => (
            <li key={problem.row}>
              {t('releases.bulk.review.problemLine', {
                row: problem.row,
                pair: `${problem.blNumber || '—'} : ${problem.containerNumber || '—'}`,
                problem: t(`releases.bulk.problem.${problem.problem}`),
              })}
            </li>
          ))}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
