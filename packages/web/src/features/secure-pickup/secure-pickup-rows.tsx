import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatTypedDate, type SecurePickupContainerRow } from '@scr/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { none } from '../releases/tables/cells.tsx';
import { formatMoment } from '../../ui/formats.ts';
import { CardField, CardFields, CardList } from '../../ui/phone-cards.tsx';

/**
 * The columns of the terminal view: access spec §3 "Secure pick-up container row", then whom the
 * release is assigned to and the visit number, what the gate looks for (releases spec §3
 * "Assignment").
 */
const columns = [
  'bl_number',
  'container_number',
  'agent',
  'pickup_location',
  'valid_from',
  'valid_until',
  'release_status',
  'gate_out',
  'assignee',
  'visit_number',
] as const;

export interface SecurePickupRowsProps {
  rows: SecurePickupContainerRow[];
  selected: string | null;
  onSelect: (row: SecurePickupContainerRow) => void;
}

/** The terminal by name, its code beside it (the code is what the gate and the carrier use). */
function Terminal({ row }: { row: SecurePickupContainerRow }) {
  return (
    <span data-testid="secure-pickup-terminal">
      {row.pickup_location_name}
      <Typography component="span" variant="caption" color="text.secondary">
        {` · ${row.pickup_location}`}
      </Typography>
    </span>
  );
}

/** The assignee's name and kind (driver, barge or train), or "—" while unassigned. */
function Assignee({ row }: { row: SecurePickupContainerRow }) {
  const { t } = useTranslation();
  if (!row.assignee_name || !row.assignee_type) return <>{none}</>;
  return (
    <span data-testid="secure-pickup-assignee">
      {row.assignee_name}
      <Typography component="span" variant="caption" color="text.secondary">
        {` · ${t(`securePickup.assigneeType.${row.assignee_type}`)}`}
      </Typography>
    </span>
  );
}

const status = (t: TFunction, row: SecurePickupContainerRow) =>
  t(`releases.releaseStatus.${row.release_status}`, { defaultValue: row.release_status });

/** The desktop table: one row per container, a row selects its audit trail. */
export function SecurePickupTable({ rows, selected, onSelect }: SecurePickupRowsProps) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="secure-pickup-table">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                {t(`securePickup.column.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} data-testid="secure-pickup-no-match">
                {t('securePickup.noMatch')}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => {
            const isSelected = selected === row.release_address;
            return (
              <TableRow
                key={row.release_address}
                hover
                selected={isSelected}
                onClick={() => onSelect(row)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' || event.key === ' ') {
                    event.preventDefault();
                    onSelect(row);
                  }
                }}
                tabIndex={0}
                aria-selected={isSelected}
                data-testid="secure-pickup-row"
                sx={{ cursor: 'pointer' }}
              >
                <TableCell>{row.bl_number}</TableCell>
                <TableCell>{row.container_number}</TableCell>
                <TableCell>{row.agent || none}</TableCell>
                <TableCell>
                  <Terminal row={row} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatTypedDate(row.valid_from)}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatTypedDate(row.valid_until)}
                </TableCell>
                <TableCell data-testid="secure-pickup-status">{status(t, row)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {row.gate_out ? formatMoment(row.gate_out) : none}
                </TableCell>
                <TableCell>
                  <Assignee row={row} />
                </TableCell>
                <TableCell data-testid="secure-pickup-visit">{row.visit_number ?? none}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * On a phone the same containers as cards, as the release overview shows its containers
 * (`ReleaseCards`): the container and its status first, then the fields of the table; a tap
 * selects its audit trail.
 */
export function SecurePickupCards({ rows, selected, onSelect }: SecurePickupRowsProps) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary" data-testid="secure-pickup-no-match">
        {t('securePickup.noMatch')}
      </Typography>
    );
  }
  const label = (column: (typeof columns)[number]) => t(`securePickup.column.${column}`);
  return (
    <CardList testId="secure-pickup-cards">
      {rows.map((row) => {
        const isSelected = selected === row.release_address;
        return (
          <Card
            key={row.release_address}
            variant="outlined"
            component="li"
            data-testid="secure-pickup-card"
            sx={isSelected ? { borderColor: 'primary.main' } : undefined}
          >
            <CardActionArea onClick={() => onSelect(row)} aria-pressed={isSelected}>
              <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                    {row.container_number}
                  </Typography>
                  <Chip size="small" variant="outlined" label={status(t, row)} />
                </Stack>
                <CardFields>
                  <CardField label={label('bl_number')}>{row.bl_number}</CardField>
                  <CardField label={label('pickup_location')}>
                    <Terminal row={row} />
                  </CardField>
                  <CardField label={label('assignee')}>
                    <Assignee row={row} />
                  </CardField>
                  <CardField label={label('visit_number')}>{row.visit_number ?? none}</CardField>
                  <CardField label={label('valid_until')}>
                    {formatTypedDate(row.valid_until)}
                  </CardField>
                  <CardField label={label('gate_out')}>
                    {row.gate_out ? formatMoment(row.gate_out) : none}
                  </CardField>
                  <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>
                    <CardField label={label('agent')}>{row.agent || none}</CardField>
                  </Box>
                </CardFields>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </CardList>
  );
}
