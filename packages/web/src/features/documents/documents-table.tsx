import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { documentTypeById, type DocumentView } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../api/errors.ts';
import { labelKeys } from './document-labels.ts';
import { documentKeys, listDocuments } from './documents-api.ts';
import { StatusChip } from './status-chip.tsx';
import { formatMoment } from '../../ui/formats.ts';
import { none } from '../releases/tables/cells.tsx';
import { PagingControls, usePaging } from '../../ui/paging.tsx';
import { CardField, CardFields, CardList, usePhoneLayout } from '../../ui/phone-cards.tsx';

const columns = ['reference', 'type', 'status', 'from', 'to', 'createdAt'] as const;

/**
 * The documents table: a page of the organisation's own and received documents (access spec
 * §2 "Documents"); on a phone the same documents as cards, which a 390 px window holds.
 */
export function DocumentsTable({
  search,
  onOpen,
}: {
  search: string;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
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
  const documents = list.data?.data ?? [];
  const body = (
    <>
      {phone ? (
        <DocumentCards documents={documents} typeTitle={typeTitle} onOpen={onOpen} />
      ) : (
        <DocumentRows documents={documents} typeTitle={typeTitle} onOpen={onOpen} />
      )}
      {list.isSuccess && list.data.total === 0 && (
        <Typography sx={{ p: 2, color: 'text.secondary' }} data-testid="documents-empty">
          {t(search ? 'documents.noMatch' : 'documents.empty')}
        </Typography>
      )}
      <PagingControls paging={paging} count={list.data?.total ?? 0} />
    </>
  );
  // On a phone the cards are the frames: no outlined paper around them.
  return phone ? <Box>{body}</Box> : <Paper variant="outlined">{body}</Paper>;
}

interface DocumentListProps {
  documents: DocumentView[];
  typeTitle: (id: string) => string;
  onOpen: (id: number) => void;
}

function DocumentRows({ documents, typeTitle, onOpen }: DocumentListProps) {
  const { t } = useTranslation();
  return (
    <Table size="small" data-testid="documents-table">
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column}>{t(`documents.columns.${column}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {documents.map((document) => (
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
  );
}

/** A phone's documents: the reference and status first, then the table's other columns. */
function DocumentCards({ documents, typeTitle, onOpen }: DocumentListProps) {
  const { t } = useTranslation();
  const label = (column: (typeof columns)[number]) => t(`documents.columns.${column}`);
  return (
    <CardList testId="documents-cards">
      {documents.map((document) => (
        <Card key={document.id} variant="outlined" component="li" data-testid="document-card">
          <CardActionArea onClick={() => onOpen(document.id)}>
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {document.reference}
                </Typography>
                <StatusChip status={document.status} />
              </Stack>
              <CardFields>
                <CardField label={label('type')}>{typeTitle(document.documentType.id)}</CardField>
                <CardField label={label('createdAt')}>{formatMoment(document.createdAt)}</CardField>
                <CardField label={label('from')}>{document.organization.name}</CardField>
                <CardField label={label('to')}>{document.sharedWith?.name ?? none}</CardField>
              </CardFields>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </CardList>
  );
}
