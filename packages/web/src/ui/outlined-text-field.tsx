import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

export interface OutlinedTextFieldProps extends Pick<
  OutlinedInputProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'endAdornment'
  | 'inputRef'
  | 'name'
  | 'onChange'
  | 'type'
  | 'value'
> {
  id?: string;
  label: ReactNode;
  required?: boolean;
  fullWidth?: boolean;
  /** The attributes of the `<input>` itself (TextField's `slotProps.htmlInput`). */
  htmlInput?: OutlinedInputProps['inputProps'];
  sx?: SxProps<Theme>;
}

/**
 * MUI's outlined TextField as the login page uses it: the same FormControl, label and outlined
 * input, with the same classes and ids. TextField itself also brings its select variant (the
 * Select with its menu, popover and modal) and the filled and standard inputs, which the login
 * page never shows but would download first (its budget: bench/README.md, "The web app in
 * Chromium").
 */
export function OutlinedTextField(props: OutlinedTextFieldProps) {
  const { id: given, label, required, fullWidth, disabled, htmlInput, sx, ...input } = props;
  const generated = useId();
  const id = given ?? generated;
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      required={required}
      fullWidth={fullWidth}
      disabled={disabled}
      sx={sx}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        fullWidth={fullWidth}
        inputProps={htmlInput}
      />
    </FormControl>
  );
}
