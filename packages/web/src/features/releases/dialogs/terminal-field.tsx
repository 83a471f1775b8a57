import type { TerminalOption } from '@scr/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface TerminalFieldProps {
  label: string;
  /** The terminal code, as typed or picked. */
  value: string;
  onChange: (code: string) => void;
  terminals: readonly TerminalOption[];
  error?: string;
  required?: boolean;
  /** Keep the line under the field when empty, so a form's rows stay aligned (default). */
  reserveHelperLine?: boolean;
  testId: string;
}

/**
 * A terminal code: picked from the terminals lookup or typed (releases spec §5 checks the code
 * is known, so a typed unknown code gets "invalid terminal code").
 */
export function TerminalField(props: TerminalFieldProps) {
  const { t } = useTranslation();
  const byCode = new Map(props.terminals.map((terminal) => [terminal.code, terminal]));
  return (
    <Autocomplete
      freeSolo
      size="small"
      options={props.terminals.map((terminal) => terminal.code)}
      value={props.value}
      inputValue={props.value}
      onInputChange={(_, text) => props.onChange(text)}
      onChange={(_, code) => props.onChange(code ?? '')}
      getOptionLabel={(code) => code}
      renderOption={({ key, ...optionProps }, code) => {
        const terminal = byCode.get(code);
        return (
          <li key={key} {...optionProps}>
            <strong>{code}</strong>&nbsp;– {terminal?.name} ({terminal?.portName})
          </li>
        );
      }}
      noOptionsText={t('releases.form.noTerminal')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={!!props.error}
          helperText={
            props.error ??
            byCode.get(props.value)?.name ??
            (props.reserveHelperLine === false ? undefined : ' ')
          }
          inputProps={{ ...params.inputProps, 'data-testid': props.testId }}
        />
      )}
    />
  );
}
