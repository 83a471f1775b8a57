import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import { rowsPerPageOptions, type OverviewFilter } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { none, ReleaseStatusChip, TransferStatusText, typedDate } from './cells.tsx';
import { TerminalName } from './terminal-name.tsx';

export interface BlContainersTableProps {
  blNumber: string;
  search: string;
  filter: OverviewFilter;
  testId: string;
}

/**
 * One BL's containers (`containers?blNumber=`), paged by the server: the expanded BL row
 * (releases spec §2 tab 1) and the bill-of-lading dialog.
 */
export function BlContainersTable({ blNumber, search, filter, testId }: BlContainersTableProps) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const [page, setPage] = useState({ index: 0, size: 10 });
  const query = { search, filter, limit: page.size, skip: page.index * page.size, sort: [] };
  const containers = useQuery({
    queryKey: releaseKeys.containers(query, blNumber),
    queryFn: () => api.findContainers(query, blNumber),
    placeholderData: keepPreviousData,
  });
  if (containers.isError) {
    return <Alert severity="error">{describeApiError(containers.error, t)}</Alert>;
  }
  const rows = containers.data?.data ?? [];
  const column = (key: string) => t(`releases.columns.${key}`);
  return (
    <div data-testid={testId} data-loaded={containers.isSuccess}>
      {containers.isFetching ? <LinearProgress aria-label={t('releases.loading')} /> : null}
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{column('containerNumber')}</TableCell>
            <TableCell>{column('isoTypeCode')}</TableCell>
            <TableCell>{column('pickupLocation')}</TableCell>
            <TableCell>{column('validFrom')}</TableCell>
            <TableCell>{column('validUntil')}</TableCell>
            <TableCell>{column('releaseStatus')}</TableCell>
            <TableCell>{column('transferStatus')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.address} data-testid="bl-container-row">
              <TableCell sx={{ fontWeight: 600 }}>{row.containerNumber}</TableCell>
              <TableCell>{row.isoTypeCode || none}</TableCell>
              <TableCell>
                <TerminalName code={row.pickupLocation} />
              </TableCell>
              <TableCell>{typedDate(row.validFrom)}</TableCell>
              <TableCell>{typedDate(row.validUntil)}</TableCell>
              <TableCell>
                <ReleaseStatusChip status={row.releaseStatus} />
              </TableCell>
              <TableCell>
                <TransferStatusText status={row.transferStatus} />
              </TableCell>
            </TableRow>
          ))}
          {containers.isSuccess && rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} sx={{ color: 'text.secondary' }}>
                {t('releases.noContainers')}
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
      {(containers.data?.total ?? 0) > rowsPerPageOptions[0] ? (
        <TablePagination
          component="div"
          count={containers.data?.total ?? 0}
          page={page.index}
          rowsPerPage={page.size}
          onPageChange={(_, index) => setPage({ ...page, index })}
          onRowsPerPageChange={(event) => setPage({ index: 0, size: Number(event.target.value) })}
        />
      ) : null}
    </div>
  );
}
