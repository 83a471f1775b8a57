import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  releaseStatuses,
  transferStatuses,
  validityFilters,
  type OverviewFilter,
} from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePorts, useTerminals } from '../api/use-lookups.ts';
import { TerminalField } from '../dialogs/terminal-field.tsx';
import { defaultFilter } from './overview-state.ts';
import { PortField } from './port-field.tsx';

type TextKey = 'blNumber' | 'containerNumber' | 'vessel' | 'voyageNumber' | 'turnInLocation';
const textFields: TextKey[] = [
  'blNumber',
  'containerNumber',
  'vessel',
  'voyageNumber',
  'turnInLocation',
];

export interface FilterDrawerProps {
  open: boolean;
  filter: OverviewFilter;
  onApply: (filter: OverviewFilter) => void;
  onClose: () => void;
}

/** Releases spec §2: the filter side panel with its ten fields; Apply runs it. */
export function FilterDrawer(props: FilterDrawerProps) {
  return (
    <Drawer
      anchor="right"
      open={props.open}
      onClose={props.onClose}
      // Above the top bar, which itself sits above the (persistent) help drawer.
      sx={{ zIndex: (theme) => theme.zIndex.drawer + 2 }}
    >
      {/* Mounted per opening, so the draft starts from the applied filter. */}
      {props.open ? <FilterForm {...props} /> : null}
    </Drawer>
  );
}

function FilterForm({ filter, onApply, onClose }: FilterDrawerProps) {
  const { t } = useTranslation();
  const { terminals } = useTerminals();
  const ports = usePorts();
  const [draft, setDraft] = useState<OverviewFilter>(filter);
  const set = (field: keyof OverviewFilter, value: string) =>
    setDraft((now) => ({ ...now, [field]: value === '' ? undefined : value }));
  const label = (field: keyof OverviewFilter) => t(`releases.filter.fields.${field}`);
  const select = (field: 'releaseStatus' | 'transferStatus', values: readonly string[]) => (
    <TextField
      select
      size="small"
      label={label(field)}
      value={draft[field] ?? ''}
      onChange={(event) => set(field, event.target.value)}
      slotProps={{ htmlInput: { 'data-testid': `filter-${field}` } }}
    >
      <MenuItem value="">{t('releases.filter.any')}</MenuItem>
      {values.map((value) => (
        <MenuItem key={value} value={value}>
          {t(`releases.${field}.${value}`)}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box
      component="form"
      role="search"
      data-testid="filter-drawer"
      sx={{ width: { xs: '100vw', sm: 380 }, p: 3 }}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('releases.filter.title')}
      </Typography>
      <Stack spacing={2}>
        {textFields.map((field) => (
          <TextField
            key={field}
            size="small"
            label={label(field)}
            value={draft[field] ?? ''}
            onChange={(event) => set(field, event.target.value)}
            slotProps={{ htmlInput: { 'data-testid': `filter-${field}` } }}
          />
        ))}
        {select('releaseStatus', releaseStatuses)}
        <TerminalField
          label={label('pickupLocation')}
          value={draft.pickupLocation ?? ''}
          onChange={(code) => set('pickupLocation', code)}
          terminals={terminals}
          reserveHelperLine={false}
          testId="filter-pickupLocation"
        />
        <PortField
          label={label('pickupPort')}
          value={draft.pickupPort ?? ''}
          onChange={(locode) => set('pickupPort', locode)}
          ports={ports}
          testId="filter-pickupPort"
        />
        <TextField
          select
          size="small"
          label={label('valid')}
          value={draft.valid ?? defaultFilter.valid}
          onChange={(event) => set('valid', event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'filter-valid' } }}
        >
          {validityFilters.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`releases.validity.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        {select('transferStatus', transferStatuses)}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'flex-end' }}>
        <Button onClick={() => setDraft(defaultFilter)} data-testid="filter-clear">
          {t('releases.filter.clear')}
        </Button>
        <Button onClick={onClose}>{t('releases.cancel')}</Button>
        <Button type="submit" variant="contained" data-testid="filter-apply">
          {t('releases.filter.apply')}
        </Button>
      </Stack>
    </Box>
  );
}
