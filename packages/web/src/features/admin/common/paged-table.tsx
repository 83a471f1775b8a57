import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { describeApiError } from '../../../api/errors.ts';
import { PagingControls, type Paging } from '../../../ui/paging.tsx';
import { useAdminT } from '../admin-i18n.ts';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
}

export interface PagedTableProps<T> {
  testId: string;
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  /** All rows of the list; the table shows one page of them. */
  total: number;
  paging: Paging;
  loading: boolean;
  error: unknown;
}

/** A plain MUI table with paging, a loading bar, an error line and an empty text. */
export function PagedTable<T>(props: PagedTableProps<T>) {
  const { t, tApp } = useAdminT();
  const { paging } = props;
  return (
    <Paper variant="outlined">
      {props.loading && <LinearProgress aria-label={t('common.loading')} />}
      {props.error ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {describeApiError(props.error, tApp)}
        </Alert>
      ) : null}
      <TableContainer>
        <Table size="small" aria-label={props.label} data-testid={props.testId}>
          <TableHead>
            <TableRow>
              {props.columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ fontWeight: 600 }}>
                  {column.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.rows?.map((row) => (
              <TableRow key={props.rowKey(row)} hover data-testid={`${props.testId}-row`}>
                {props.columns.map((column) => (
                  <TableCell key={column.key} align={column.align}>
                    {column.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
            {props.rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={props.columns.length} sx={{ color: 'text.secondary' }}>
                  {t('common.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <PagingControls paging={paging} count={props.total} />
    </Paper>
  );
}

/** One page of a list the server answers whole (terminals, subscriptions). */
export function pageOfRows<T>(rows: T[] | undefined, paging: Paging) {
  const start = paging.page * paging.rowsPerPage;
  return rows?.slice(start, start + paging.rowsPerPage);
}
