import type { TerminalOption } from '@scr/domain';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
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

/** Issue 15: a terminal is found by its code, its name or its port ("1742", "PSA", "Ant"). */
export const terminalFilter = createFilterOptions<TerminalOption>({
  stringify: (terminal) =>
    [terminal.code, terminal.name, terminal.portName, terminal.portLocode].join(' '),
});

/**
 * A terminal code: picked from the terminals lookup, found by code, name or port, or typed
 * (releases spec §5 checks the code is known, so a typed unknown code gets "invalid terminal
 * code"). Nothing matching says so in the list (issue 15).
 */
export function TerminalField(props: TerminalFieldProps) {
  const { t } = useTranslation();
  const byCode = new Map(props.terminals.map((terminal) => [terminal.code, terminal]));
  const picked = byCode.get(props.value.trim()) ?? null;
  return (
    <Autocomplete<TerminalOption, false, false, false>
      size="small"
      options={[...props.terminals]}
      value={picked}
      inputValue={props.value}
      // What was typed stays (a code, or a search the list answers), also when leaving the field.
      clearOnBlur={false}
      autoHighlight
      onInputChange={(_, text, reason) => {
        if (reason !== 'reset' || text !== '' || !picked) props.onChange(text);
      }}
      onChange={(_, terminal) => props.onChange(terminal?.code ?? '')}
      filterOptions={(options, state) =>
        // The code of the picked terminal shows the whole list, as an empty field does.
        picked && state.inputValue === picked.code ? options : terminalFilter(options, state)
      }
      getOptionLabel={(terminal) => terminal.code}
      isOptionEqualToValue={(option, value) => option.code === value.code}
      renderOption={({ key, ...optionProps }, terminal) => (
        <li key={key} {...optionProps} data-testid="terminal-option">
          <Box>
            <strong>{terminal.name}</strong>
            <Box component="span" sx={{ color: 'text.secondary', display: 'block', fontSize: 13 }}>
              {terminal.code} · {terminal.portName}
            </Box>
          </Box>
        </li>
      )}
      noOptionsText={t('releases.form.noTerminal', { text: props.value.trim() })}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          error={!!props.error}
          helperText={
            props.error ??
            (picked ? `${picked.name} (${picked.portName})` : undefined) ??
            (props.reserveHelperLine === false ? undefined : ' ')
          }
          inputProps={{ ...params.inputProps, 'data-testid': props.testId }}
        />
      )}
    />
  );
}
