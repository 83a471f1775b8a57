import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import type { OrganisationOption } from '@scr/domain';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface OrganisationSelectProps {
  options: OrganisationOption[];
  value: string;
  onChange: (address: string) => void;
  /** Enter on the closed selector submits the step, as Enter does in a text field. */
  onSubmit: () => void;
  disabled?: boolean;
}

/** Access spec §9: the organisation dropdown is at most 224 px high and 250 px wide. */
const menuPaper = { maxHeight: 224, width: 250 };

/** The organisation selector, shown when several organisations match the e-mail (§2). */
export function OrganisationSelect(props: OrganisationSelectProps) {
  const { options, value, onChange, onSubmit, disabled } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);

  const submitOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || open || !value) return;
    event.preventDefault();
    event.stopPropagation();
    onSubmit();
  };

  return (
    <FormControl fullWidth required disabled={disabled} onKeyDownCapture={submitOnEnter}>
      <InputLabel id="login-organisation-label">{t('login.organisation')}</InputLabel>
      <Select
        labelId="login-organisation-label"
        id="login-organisation"
        data-testid="login-organisation"
        label={t('login.organisation')}
        value={value}
        autoFocus
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        onChange={(event) => onChange(event.target.value)}
        MenuProps={{ slotProps: { paper: { sx: menuPaper } } }}
      >
        {options.map((option) => (
          <MenuItem
            key={option.address}
            value={option.address}
            disabled={option.isDisabled}
            data-testid="login-organisation-option"
          >
            {option.name}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
