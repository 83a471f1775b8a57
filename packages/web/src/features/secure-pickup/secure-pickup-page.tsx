import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SecurePickupContainerRow } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditTrailTable } from '../releases/audit-trail/audit-trail-table.tsx';
import {
  listSecurePickupContainers,
  securePickupKeys,
  securePickupTrail,
} from './secure-pickup-api.ts';
import { SecurePickupCards, SecurePickupTable } from './secure-pickup-rows.tsx';
import { terminalSearchDebounceMs, useDebounced } from './use-debounced.ts';
import { usePhoneLayout } from '../../ui/phone-cards.tsx';
import { PagingControls, usePaging } from '../../ui/paging.tsx';

/**
 * /secure-pickup-containers: the terminal view (access spec §2 "Secure pick-up containers
 * (terminal)"): the secure pick-up containers at the terminals the user's organisation owns,
 * searchable (debounced 500 ms, §9), with the terminal's name and each container's assignee
 * and visit number, and the audit trail of the selected one; cards on a phone.
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
  // Access spec §2 on a phone: cards, as the release overview shows them (`usePhoneLayout`).
  const phone = usePhoneLayout();
  const rowsProps = {
    rows,
    selected: selected?.release_address ?? null,
    onSelect: setSelected,
  };
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
        <Paper
          variant="outlined"
          // The cards have their own borders on a phone.
          sx={phone ? { border: 0, bgcolor: 'transparent' } : undefined}
        >
          {phone ? <SecurePickupCards {...rowsProps} /> : <SecurePickupTable {...rowsProps} />}
          <PagingControls paging={paging} count={list.data.total} />
        </Paper>
      )}
      {!nothingYet && list.isSuccess && <SelectedTrail selected={selected} />}
    </Box>
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
