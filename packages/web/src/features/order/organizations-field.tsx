import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OrderOrganization } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderKeys, searchOrderOrganizations } from './order-api.ts';

/** The search waits for the typing to pause, and for at least two characters (the server's minimum). */
const debounceMs = 300;
const minimumSearch = 2;

function useDebounced(text: string): string {
  const [debounced, setDebounced] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(text), debounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  return debounced;
}

const described = (org: OrderOrganization) => (org.vat ? `${org.name} · ${org.vat}` : org.name);

/**
 * The ordered organisations (access spec §2 "Order page": lookup by name or VAT number): chips,
 * the user's own first and not removable (§5), and a search that adds others.
 */
export function OrganizationsField(props: {
  organizations: OrderOrganization[];
  ownId: number;
  onAdd: (org: OrderOrganization) => void;
  onRemove: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const field = useDebounced(text.trim());
  const search = useQuery({
    queryKey: orderKeys.search(field),
    queryFn: () => searchOrderOrganizations(field),
    enabled: field.length >= minimumSearch,
    placeholderData: keepPreviousData,
  });
  const chosen = new Set(props.organizations.map((org) => org.id));
  const options = field.length >= minimumSearch ? (search.data ?? []) : [];
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="order-organizations">
        {props.organizations.map((org) => (
          <Chip
            key={org.id}
            data-testid="order-organization"
            label={`${described(org)} (${t(`order.sizeShort.${org.size}`)})${
              org.id === props.ownId ? ` · ${t('order.form.own')}` : ''
            }`}
            onDelete={org.id === props.ownId ? undefined : () => props.onRemove(org.id)}
          />
        ))}
      </Stack>
      <Autocomplete
        options={options}
        value={null}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setText(value);
        }}
        onChange={(_event, org) => {
          if (org) props.onAdd(org);
          setText('');
        }}
        getOptionLabel={described}
        getOptionDisabled={(org) => chosen.has(org.id)}
        filterOptions={(all) => all}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={search.isFetching}
        noOptionsText={
          field.length < minimumSearch ? t('order.form.searchMinimum') : t('order.form.searchNone')
        }
        renderOption={({ key, ...rest }, org) => (
          <li key={key} {...rest} data-testid="order-organization-option">
            <Stack>
              <span>{described(org)}</span>
              <Typography variant="caption" color="text.secondary">
                {[org.city, t(`order.sizeShort.${org.size}`)].filter(Boolean).join(' · ')}
              </Typography>
            </Stack>
          </li>
        )}
        renderInput={({ inputProps, InputProps, InputLabelProps, ...params }) => (
          <TextField
            {...params}
            label={t('order.form.search')}
            slotProps={{
              input: InputProps,
              inputLabel: InputLabelProps,
              htmlInput: { ...inputProps, 'data-testid': 'order-organization-search' },
            }}
          />
        )}
      />
      <Typography variant="body2" color="text.secondary">
        {t('order.form.organizationsHelp')}
      </Typography>
    </Stack>
  );
}
