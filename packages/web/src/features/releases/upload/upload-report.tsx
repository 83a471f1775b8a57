import type { UploadResult as Report } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { none } from '../tables/cells.tsx';
import { rowProblems } from './upload-file.ts';

/** What an upload did: the file as kept, how many releases were created, each refused row. */
export function UploadReport({ report }: { report: Report }) {
  const { t } = useTranslation();
  const refused = report.rows.filter((row) => rowProblems(t, row).length > 0);
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
        severity={report.failed > 0 ? 'warning' : 'success'}
        sx={{ mb: 2 }}
        data-testid="upload-counts"
      >
        {t('releases.upload.created', { count: report.created })}{' '}
        {report.failed > 0 ? t('releases.upload.failed', { count: report.failed }) : null}
      </Alert>
      {refused.length > 0 ? (
        <Table size="small" data-testid="upload-errors">
          <TableHead>
            <TableRow>
              <TableCell>{t('releases.upload.row')}</TableCell>
              <TableCell>{t('releases.columns.blNumber')}</TableCell>
              <TableCell>{t('releases.columns.containerNumber')}</TableCell>
              <TableCell>{t('releases.upload.problems')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {refused.map((row) => (
              <TableRow key={row.row}>
                <TableCell>{row.row}</TableCell>
                <TableCell>{row.blNumber || none}</TableCell>
                <TableCell>{row.containerNumber || none}</TableCell>
                <TableCell>
                  {rowProblems(t, row).map((problem) => (
                    <div key={problem}>{problem}</div>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </div>
  );
}
