import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BulkAction } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { saveTextFile } from '../audit-trail/save-text-file.ts';
import { shownLines } from './bulk-warnings.tsx';
import {
  bulkReportCsv,
  bulkReportFileName,
  outcomeCounts,
  type BulkReportLine,
} from './bulk-report.ts';

/**
 * Issue 13 item 1 "a report at the end that can be downloaded": how many releases the action
 * changed, refused or the wallet failed on, and which rows were left out; the lines that need
 * attention (up to 200), and the whole report as CSV, one line per row of the file.
 */
export function BulkReportView(props: { action: BulkAction; lines: readonly BulkReportLine[] }) {
  const { t } = useTranslation();
  const counts = outcomeCounts(props.lines);
  const problems = props.lines.filter(
    (line) => line.outcome === 'refused' || line.outcome === 'failed',
  );
  const download = () =>
    saveTextFile(bulkReportFileName(props.action), bulkReportCsv(t, props.action, props.lines));
  return (
    <Stack spacing={2} data-testid="bulk-report">
      <Alert severity={counts.done > 0 ? 'success' : 'info'} data-testid="bulk-report-done">
        {t(`releases.bulk.report.done.${props.action}`, { count: counts.done })}
      </Alert>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="bulk-report-counts">
        {(['refused', 'failed', 'notIncluded'] as const).map((outcome) => (
          <li key={outcome} data-testid={`bulk-report-${outcome}`}>
            {t(`releases.bulk.report.${outcome}`, { count: counts[outcome] })}
          </li>
        ))}
      </Box>
      {problems.length > 0 ? (
        <Alert severity="warning" data-testid="bulk-report-problems">
          <Typography variant="subtitle2">{t('releases.bulk.report.problems')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
            {problems.slice(0, shownLines).map((line) => (
              <li
                key={line.row}
              >{`${line.blNumber} : ${line.containerNumber} — ${line.result}`}</li>
            ))}
          </Box>
        </Alert>
      ) : null}
      {props.action === 'pincode' ? <PincodeLines lines={props.lines} /> : null}
      <div>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={download}
          data-testid="bulk-report-download"
        >
          {t('releases.bulk.report.download')}
        </Button>
      </div>
    </Stack>
  );
}

/** The pincodes the wallet opened, "BL : container — pincode" (spec §3 "Pincode result"). */
function PincodeLines({ lines }: { lines: readonly BulkReportLine[] }) {
  const { t } = useTranslation();
  const opened = lines.filter((line) => line.pincode);
  if (opened.length === 0) return null;
  return (
    <Box data-testid="bulk-report-pincodes">
      <Typography variant="subtitle2">{t('releases.bulk.report.pincodes')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
        {opened.slice(0, shownLines).map((line) => (
          <li key={line.row}>{`${line.blNumber} : ${line.containerNumber} — ${line.pincode}`}</li>
        ))}
      </Box>
    </Box>
  );
}
