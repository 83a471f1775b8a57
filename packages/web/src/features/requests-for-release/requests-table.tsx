import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RequestForRelease } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { nextContainer } from './answer-request-dialog.tsx';
import { RequestFileLink } from './request-file-link.tsx';
import { formatMoment } from '../../ui/formats.ts';

export interface RequestsTableProps {
  requests: RequestForRelease[];
  side: 'sent' | 'received';
  /** The carrier's answer: create a release for this request. */
  onAnswer?: (request: RequestForRelease) => void;
}

const columns = [
  'createdAt',
  'party',
  'blNumber',
  'containers',
  'reference',
  'invoiceNumber',
  'files',
  'status',
] as const;

/**
 * The list of requests for release (releases spec §2 "Overview of requests for release"): what
 * a requester sent (with the carrier's name) or what a carrier received (with the requester's),
 * their files to open, and how far the carrier answered them.
 */
export function RequestsTable({ requests, side, onAnswer }: RequestsTableProps) {
  const { t } = useTranslation();
  const header = (column: (typeof columns)[number]) =>
    column === 'party'
      ? t(
          side === 'sent'
            ? 'requestsForRelease.columns.carrier'
            : 'requestsForRelease.columns.requester',
        )
      : t(`requestsForRelease.columns.${column}`);
  const progress = (request: RequestForRelease) =>
    request.containers.length > 0
      ? t('requestsForRelease.releasedOf', {
          released: request.releases.length,
          requested: request.containers.length,
        })
      : t('requestsForRelease.released', { released: request.releases.length });

  return (
    <Table size="small" data-testid="rfr-table">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{header(column)}</TableCell>
          ))}
          {onAnswer && (
            <TableCell align="right">{t('requestsForRelease.columns.actions')}</TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {requests.map((request) => (
          <TableRow key={request.id} data-testid={`rfr-row-${request.blNumber}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(request.createdAt)}</TableCell>
            <TableCell>
              {side === 'sent' ? request.carrierName : request.organizationName}
            </TableCell>
            <TableCell>{request.blNumber}</TableCell>
            <TableCell sx={{ maxWidth: 220, overflowWrap: 'anywhere' }}>
              {request.containers.join(', ')}
            </TableCell>
            <TableCell>{request.reference}</TableCell>
            <TableCell>{request.invoiceNumber}</TableCell>
            <TableCell>
              <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
                {request.files.map((file) => (
                  <RequestFileLink key={file.id} file={file} />
                ))}
              </Box>
            </TableCell>
            <TableCell data-testid="rfr-status">
              <Chip
                size="small"
                color={request.status === 'answered' ? 'success' : 'default'}
                label={t(`requestsForRelease.status.${request.status}`)}
              />
              <Box component="span" sx={{ display: 'block', mt: 0.5, color: 'text.secondary' }}>
                {progress(request)}
              </Box>
            </TableCell>
            {onAnswer && (
              <TableCell align="right">
                <Button
                  size="small"
                  variant={
                    nextContainer(request) || request.releases.length === 0 ? 'contained' : 'text'
                  }
                  onClick={() => onAnswer(request)}
                  data-testid={`rfr-answer-${request.id}`}
                >
                  {t('requestsForRelease.answer.button')}
                </Button>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
