import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatTypedDate, type SecurePickupContainerRow } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrailTable } from '../releases/audit-trail/audit-trail-table.tsx';
import { none } from '../releases/tables/cells.tsx';
import {
  listSecurePickupContainers,
  securePickupKeys,
  securePickupTrail,
} from './secure-pickup-api.ts';
import { terminalSearchDebounceMs, useDebounced } from './use-debounced.ts';
import { formatMoment } from '../../ui/formats.ts';
import { PagingControls, usePaging } from '../../ui/paging.tsx';

/** The columns of the terminal view, in the order of access spec §3 "Secure pick-up container row". */
const columns = [
  'bl_number',
  'container_number',
  'agent',
  'pickup_location',
  'valid_from',
  'valid_until',
  'release_status',
  'gate_out',
] as const;

/**
 * /secure-pickup-containers: the terminal view (access spec §2 "Secure pick-up containers
 * (terminal)"): the secure pick-up containers at the terminals the user's organisation owns,
 * searchable (debounced 500 ms, §9), and the audit trail of the selected one.
 */
export function SecurePickupPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const querySearch = useDebounced(search.trim(), terminalSearchDebounceMs);
  const paging = usePaging();
  const [selected, setSelected] = useState<SecurePickupContainerRow | null>(null);
  const query = {
    ...(querySearch ? { querySearch } : {}),
    ...paging.query,
  };
  const list = useQuery({
    queryKey: securePickupKeys.list(query),
    queryFn: () => listSecurePickupContainers(query),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.data ?? [];
  const nothingYet = list.isSuccess && list.data.total === 0 && !querySearch;

  return (
    <Box data-testid="secure-pickup-page">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 600, mb: 2 }}>
        {t('securePickup.title')}
      </Typography>
      <TextField
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          paging.setPage(0);
        }}
        placeholder={t('securePickup.search')}
        size="small"
        sx={{ mb: 2, width: { xs: '100%', sm: 420 } }}
        slotProps={{
          htmlInput: {
            'aria-label': t('securePickup.search'),
            'data-testid': 'secure-pickup-search',
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {list.isError && <Alert severity="error">{t('securePickup.loadError')}</Alert>}
      {list.isPending && <CircularProgress size={28} aria-label={t('securePickup.loading')} />}
      {nothingYet && <EmptyPanel />}
      {list.isSuccess && !nothingYet && (
        <Paper variant="outlined">
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
                {rows.map((row) => (
                  <ContainerRow
                    key={row.release_address}
                    row={row}
                    selected={selected?.release_address === row.release_address}
                    onSelect={() => setSelected(row)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <PagingControls paging={paging} count={list.data.total} />
        </Paper>
      )}
      {!nothingYet && list.isSuccess && <SelectedTrail selected={selected} />}
    </Box>
  );
}

function ContainerRow({
  row,
  selected,
  onSelect,
}: {
  row: SecurePickupContainerRow;
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TableRow
      hover
      selected={selected}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect();
        }
      }}
      tabIndex={0}
      aria-selected={selected}
      data-testid="secure-pickup-row"
      sx={{ cursor: 'pointer' }}
    >
      <TableCell>{row.bl_number}</TableCell>
      <TableCell>{row.container_number}</TableCell>
      <TableCell>{row.agent || none}</TableCell>
      <TableCell>{row.pickup_location}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTypedDate(row.valid_from)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTypedDate(row.valid_until)}</TableCell>
      <TableCell data-testid="secure-pickup-status">
        {t(`releases.releaseStatus.${row.release_status}`, { defaultValue: row.release_status })}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {row.gate_out ? formatMoment(row.gate_out) : none}
      </TableCell>
    </TableRow>
  );
}

/** The audit trail of the selected container (access spec §3 "Audit trail entry"). */
function SelectedTrail({ selected }: { selected: SecurePickupContainerRow | null }) {
  const { t } = useTranslation();
  const address = selected?.release_address ?? '';
  const trail = useQuery({
    queryKey: securePickupKeys.trail(address),
    queryFn: () => securePickupTrail(address),
    enabled: selected !== null,
  });
  return (
    <Box sx={{ mt: 3 }} data-testid="secure-pickup-trail">
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {selected
          ? t('securePickup.trailTitle', { container: selected.container_number })
          : t('releases.auditTrail.title')}
      </Typography>
      {!selected && <Typography color="text.secondary">{t('securePickup.selectHint')}</Typography>}
      {selected && trail.isPending && <CircularProgress size={24} />}
      {selected && trail.isError && <Alert severity="error">{t('securePickup.trailError')}</Alert>}
      {selected && trail.isSuccess && (
        <Paper variant="outlined">
          <AuditTrailTable entries={trail.data} />
        </Paper>
      )}
    </Box>
  );
}

function EmptyPanel() {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      data-testid="secure-pickup-empty"
      sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}
    >
      <LocalShippingOutlinedIcon sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography sx={{ fontWeight: 600, color: 'text.primary', mb: 1 }}>
        {t('securePickup.emptyTitle')}
      </Typography>
      <Typography sx={{ maxWidth: 560, mx: 'auto' }}>{t('securePickup.emptyText')}</Typography>
    </Paper>
  );
}
