import type { Driver, Transporter, TransporterType } from '@scr/domain';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CardField, CardFields, CardList } from '../../ui/phone-cards.tsx';

/** The columns each list shows besides the name (access spec §3). */
const columns: Record<TransporterType, string[]> = {
  driver: ['email', 'phone', 'alfaPass', 'itsme'],
  barge: ['eniNumber'],
  train: ['trainCode'],
};

/** What a row's buttons ask the page for. */
export interface TransporterRowActions {
  identify: (row: Driver) => void;
  edit: (row: Transporter) => void;
  deactivate: (row: Transporter) => void;
  reactivate: (row: Transporter) => void;
}

export interface TransporterRowsProps {
  type: TransporterType;
  rows: Transporter[];
  actions: TransporterRowActions;
}

function cell(t: TFunction, row: Transporter, column: string): string {
  if (column === 'itsme') {
    return (row as Driver).itsmeCode ? t('transporters.itsmeRegistered') : '';
  }
  return String((row as unknown as Record<string, unknown>)[column] ?? '');
}

/** The name, flagged "Identification required" for a driver with neither alfaPass nor itsme. */
function Name({ type, row }: { type: TransporterType; row: Transporter }) {
  const { t } = useTranslation();
  return (
    <>
      {row.name}
      {type === 'driver' && (row as Driver).identificationRequired && (
        <Chip
          size="small"
          color="warning"
          sx={{ ml: 1 }}
          label={t('transporters.identificationRequired')}
          data-testid="identification-required"
        />
      )}
    </>
  );
}

/** Identification (active drivers), edit, and deactivate or reactivate. */
function RowButtons({
  type,
  row,
  actions,
}: {
  type: TransporterType;
  row: Transporter;
  actions: TransporterRowActions;
}) {
  const { t } = useTranslation();
  return (
    <>
      {row.isActive && type === 'driver' && (
        <Button
          size="small"
          onClick={() => actions.identify(row as Driver)}
          data-testid="transporter-identify"
        >
          {t('transporters.identification.open')}
        </Button>
      )}
      <Button size="small" onClick={() => actions.edit(row)} data-testid="transporter-edit">
        {t('transporters.edit')}
      </Button>
      {row.isActive ? (
        <Button
          size="small"
          color="error"
          onClick={() => actions.deactivate(row)}
          data-testid="transporter-deactivate"
        >
          {t('transporters.deactivate')}
        </Button>
      ) : (
        <Button
          size="small"
          onClick={() => actions.reactivate(row)}
          data-testid="transporter-reactivate"
        >
          {t('transporters.reactivate')}
        </Button>
      )}
    </>
  );
}

/** The desktop table of one kind of transporter (access spec §2 "Drivers, barges, trains"). */
export function TransporterTable({ type, rows, actions }: TransporterRowsProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="transporters-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('transporters.fields.name')}</TableCell>
            {columns[type].map((column) => (
              <TableCell key={column}>{t(`transporters.fields.${column}`)}</TableCell>
            ))}
            <TableCell align="right">{t('transporters.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-testid="transporter-row">
              <TableCell>
                <Name type={type} row={row} />
              </TableCell>
              {columns[type].map((column) => (
                <TableCell key={column}>{cell(t, row, column)}</TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <RowButtons type={type} row={row} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * On a phone the same list as cards, as the release overview shows its releases
 * (`usePhoneLayout`): the name, its fields two to a line, the buttons below.
 */
export function TransporterCards({ type, rows, actions }: TransporterRowsProps) {
  const { t } = useTranslation();
  return (
    <CardList testId="transporters-cards">
      {rows.map((row) => (
        <Card key={row.id} variant="outlined" component="li" data-testid="transporter-row">
          <CardContent sx={{ pb: 0 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              <Name type={type} row={row} />
            </Typography>
            <CardFields>
              {columns[type].map((column) => (
                <CardField key={column} label={t(`transporters.fields.${column}`)}>
                  {cell(t, row, column) || '—'}
                </CardField>
              ))}
            </CardFields>
          </CardContent>
          <CardActions sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <RowButtons type={type} row={row} actions={actions} />
          </CardActions>
        </Card>
      ))}
    </CardList>
  );
}
