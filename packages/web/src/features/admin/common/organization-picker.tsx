import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { OrganizationRole, OrganizationView } from '@scr/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';

/** An organisation as a form holds it. */
export interface OrganizationChoice {
  id: number;
  name: string;
  address?: string;
}

export interface OrganizationPickerProps {
  testId: string;
  label: string;
  value: OrganizationChoice | null;
  onChange: (value: OrganizationChoice | null) => void;
  /** Only organisations of this role (terminal owners). */
  role?: OrganizationRole;
  /** Hide these (one's own organisation when connecting). */
  excludeIds?: number[];
  error?: string;
  required?: boolean;
  disabled?: boolean;
}

/** Searches organisations by name, VAT number or address as one types (300 ms after the last key). */
export function OrganizationPicker(props: OrganizationPickerProps) {
  const { t } = useAdminT();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const query = { search: search || undefined, role: props.role, $limit: 20 };
  const { data, isFetching } = useQuery({
    queryKey: adminKeys.of('organizations', 'picker', query),
    queryFn: () => adminApi.organizations.find(query),
    placeholderData: keepPreviousData,
  });
  const options: OrganizationChoice[] = (data?.data ?? [])
    .filter((org: OrganizationView) => !props.excludeIds?.includes(org.id))
    .map(({ id, name, address }) => ({ id, name, address }));
  return (
    <Autocomplete
      options={options}
      value={props.value}
      onChange={(_event, value) => props.onChange(value)}
      inputValue={text}
      onInputChange={(_event, value) => setText(value)}
      filterOptions={(shown) => shown}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={(option) => option.name}
      renderOption={({ key, ...rest }, option) => (
        <li key={key} {...rest}>
          <span>
            {option.name}
            <br />
            <small style={{ opacity: 0.7 }}>{option.address}</small>
          </span>
        </li>
      )}
      loading={isFetching}
      loadingText={t('common.loading')}
      noOptionsText={t('common.noMatches')}
      disabled={props.disabled}
      renderInput={({ inputProps, InputProps, InputLabelProps, ...params }) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={Boolean(props.error)}
          helperText={props.error}
          slotProps={{
            input: InputProps,
            inputLabel: InputLabelProps,
            htmlInput: { ...inputProps, 'data-testid': props.testId },
          }}
        />
      )}
    />
  );
}
