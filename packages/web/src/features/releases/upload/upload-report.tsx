import type { UploadResult as Report, UploadRowResult } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { none } from '../tables/cells.tsx';
import { rowProblems, rowWarnings } from './upload-file.ts';

/**
 * What an upload did: the file as kept, how many releases were created, each refused row, and
 * each row read with a warning (a typed date read day first).
 */
export function UploadReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  const refused = report.rows.filter((row) => rowProblems(t, row).length > 0);
  const warned = report.rows.filter((row) => rowWarnings(t, row).length > 0);
  return (
    <div data-testid="upload-report">
      <Typography sx={{ mb: 1 }} data-testid="upload-stored-name">
        {report.storedName && report.storedName !== report.fileName
          ? t('releases.upload.storedAs', {
              fileName: report.fileName,
              storedName: report.storedName,
            })
          : t('releases.upload.stored', { fileName: report.fileName })}
      </Typography>
      <Alert
        severity={report.failed > 0 || warned.length > 0 ? 'warning' : 'success'}
        sx={{ mb: 2 }}
        data-testid="upload-counts"
      >
        {t('releases.upload.created', { count: report.created })}{' '}
        {report.failed > 0 ? t('releases.upload.failed', { count: report.failed }) : null}{' '}
        {warned.length > 0 ? t('releases.upload.warned', { count: warned.length }) : null}
      </Alert>
      <RowTable
        rows={refused}
        lines={(row) => rowProblems(t, row)}
        heading={t('releases.upload.problems')}
        testId="upload-errors"
      />
      <RowTable
        rows={warned}
        lines={(row) => rowWarnings(t, row)}
        heading={t('releases.upload.warnings')}
        testId="upload-warnings"
      />
    </div>
  );
}

/** Rows of the file, each with its lines (problems or warnings) under `heading`. */
function RowTable(props: {
  rows: readonly UploadRowResult[];
  lines: (row: UploadRowResult) => string[];
  heading: string;
  testId: string;
}) {
  const { t } = useTranslation();
  if (props.rows.length === 0) return null;
  return (
    <Table size="small" sx={{ mb: 2 }} data-testid={props.testId}>
      <TableHead>
        <TableRow>
          <TableCell>{t('releases.upload.row')}</TableCell>
          <TableCell>{t('releases.columns.blNumber')}</TableCell>
          <TableCell>{t('releases.columns.containerNumber')}</TableCell>
          <TableCell>{props.heading}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((row) => (
          <TableRow key={row.row}>
            <TableCell>{row.row}</TableCell>
            <TableCell>{row.blNumber || none}</TableCell>
            <TableCell>{row.containerNumber || none}</TableCell>
            <TableCell>
              {props.lines(row).map((line) => (
                <div key={line}>{line}</div>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
