import type { OrganizationLookup } from '@scr/domain';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';

export const connectionsKey = ['releases', 'connections'] as const;

/** The connections a transfer may go to: loading, loaded (maybe none), or failed. */
export function useConnections(enabled: boolean) {
  const api = useReleasesApi();
  return useQuery({ queryKey: connectionsKey, queryFn: () => api.findConnections(), enabled });
}

/**
 * The target of a transfer, for the transfer dialog and the bulk transfer step (releases spec
 * §2, §5 "Transfer"): the selector (null for the other actions), whether there is no connection
 * to transfer to, and `chosen()` for confirm: the target's address, undefined when the action is
 * not a transfer, or false, with the selector saying so, when a transfer has no target yet.
 */
export function useTransferTarget(transfer: boolean, disabled: boolean) {
  const connections = useConnections(transfer);
  const [target, setTarget] = useState<OrganizationLookup | null>(null);
  const [missing, setMissing] = useState(false);
  const chosen = (): string | undefined | false => {
    if (!transfer) return undefined;
    if (target) return target.address;
    setMissing(true);
    return false;
  };
  return {
    noTargets: transfer && connections.isSuccess && connections.data.length === 0,
    chosen,
    selector: transfer ? (
      <TargetSelector
        connections={connections}
        value={target}
        onChange={(next) => {
          setTarget(next);
          setMissing(false);
        }}
        missing={missing}
        disabled={disabled}
      />
    ) : null,
  };
}

export interface TargetSelectorProps {
  connections: ReturnType<typeof useConnections>;
  value: OrganizationLookup | null;
  onChange: (target: OrganizationLookup | null) => void;
  /** Confirm was pressed without a target (releases spec §5 "Transfer"). */
  missing: boolean;
  disabled?: boolean;
}

/** Releases spec §2 "Transfer/revoke dialog with a target organisation selector", searched by name. */
export function TargetSelector(props: TargetSelectorProps) {
  const { t } = useTranslation();
  const { connections } = props;
  if (connections.isError) {
    return <Alert severity="error">{describeApiError(connections.error, t)}</Alert>;
  }
  if (connections.isSuccess && connections.data.length === 0) {
    return (
      <Alert severity="error" data-testid="no-connections">
        {t('backend.error.no_finalized_connection')}
      </Alert>
    );
  }
  return (
    <Autocomplete<OrganizationLookup>
      options={connections.data ?? []}
      loading={connections.isPending}
      value={props.value}
      onChange={(_, target) => props.onChange(target)}
      disabled={props.disabled}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, value) => option.address === value.address}
      renderOption={({ key, ...optionProps }, option) => (
        <Box component="li" key={key} {...optionProps} sx={{ flexDirection: 'column' }}>
          <span>{option.name}</span>
          {option.city ? (
            <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8em' }}>
              {[option.streetNumber, option.postalCode, option.city].filter(Boolean).join(' ')}
            </Box>
          ) : null}
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('releases.custody.transfer.target')}
          placeholder={t('releases.custody.transfer.search')}
          error={props.missing}
          helperText={props.missing ? t('backend.error.missing_target_organization') : undefined}
          inputProps={{ ...params.inputProps, 'data-testid': 'transfer-target' }}
        />
      )}
    />
  );
}
