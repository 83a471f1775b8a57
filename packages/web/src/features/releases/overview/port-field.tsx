import type { PortView } from '@scr/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

export interface PortFieldProps {
  label: string;
  /** The port's UN/LOCODE, or empty. */
  value: string;
  onChange: (locode: string) => void;
  ports: readonly PortView[];
  testId: string;
}

/** A port picked from the ports lookup (sorted by name). */
export function PortField({ label, value, onChange, ports, testId }: PortFieldProps) {
  const selected = ports.find((port) => port.locode === value) ?? null;
  return (
    <Autocomplete
      size="small"
      options={[...ports]}
      value={selected}
      onChange={(_, port) => onChange(port?.locode ?? '')}
      getOptionLabel={(port) => `${port.name} (${port.locode})`}
      isOptionEqualToValue={(option, current) => option.locode === current.locode}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          inputProps={{ ...params.inputProps, 'data-testid': testId }}
        />
      )}
    />
  );
}
