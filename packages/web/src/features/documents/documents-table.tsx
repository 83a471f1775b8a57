import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { documentTypeById } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { labelKeys } from './document-labels.ts';
import { documentKeys, listDocuments } from './documents-api.ts';
import { StatusChip } from './status-chip.tsx';
import { formatMoment } from '../../ui/formats.ts';
import { PagingControls, usePaging } from '../../ui/paging.tsx';

const columns = ['reference', 'type', 'status', 'from', 'to', 'createdAt'] as const;

/** The documents table: a page of the organisation's own and received documents. */
export function DocumentsTable({
  search,
  onOpen,
}: {
  search: string;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const paging = usePaging();
  const query = { ...(search ? { search } : {}), ...paging.query };
  const list = useQuery({
    queryKey: documentKeys.list(query),
    queryFn: () => listDocuments(query),
    placeholderData: keepPreviousData,
  });
  if (list.isError) return <Alert severity="error">{describeApiError(list.error, t)}</Alert>;
  const typeTitle = (id: string) => {
    const type = documentTypeById(id);
    return type ? t(labelKeys.title(type)) : id;
  };
  return (
    <Paper variant="outlined">
      <Table size="small" data-testid="documents-table">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column}>{t(`documents.columns.${column}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {(list.data?.data ?? []).map((document) => (
            <TableRow
              key={document.id}
              hover
              sx={{ cursor: 'pointer' }}
              onClick={() => onOpen(document.id)}
              data-testid="document-row"
            >
              <TableCell>{document.reference}</TableCell>
              <TableCell>{typeTitle(document.documentType.id)}</TableCell>
              <TableCell>
                <StatusChip status={document.status} />
              </TableCell>
              <TableCell>{document.organization.name}</TableCell>
              <TableCell>{document.sharedWith?.name ?? ''}</TableCell>
              <TableCell>{formatMoment(document.createdAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {list.isSuccess && list.data.total === 0 && (
        <Typography sx={{ p: 2, color: 'text.secondary' }} data-testid="documents-empty">
          {t(search ? 'documents.noMatch' : 'documents.empty')}
        </Typography>
      )}
      <PagingControls paging={paging} count={list.data?.total ?? 0} />
    </Paper>
  );
}
