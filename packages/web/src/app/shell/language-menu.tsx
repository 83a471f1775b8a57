import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { languages, type Language } from '@scr/domain';
import { useTranslation } from 'react-i18next';

export interface LanguageMenuProps {
  /** The language switch's button while the menu is open, else null. */
  anchor: HTMLElement | null;
  active: Language;
  onChoose: (language: Language) => void;
  onClose: () => void;
}

/** The language menu under the top bar's switch: each language listed under its own name. */
export function LanguageMenu({ anchor, active, onChoose, onClose }: LanguageMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {languages.map((language) => (
        <MenuItem
          key={language}
          data-testid={`language-option-${language}`}
          lang={language}
          selected={language === active}
          onClick={() => onChoose(language)}
        >
          <ListItemIcon>{language === active ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
          <ListItemText>{t(`language.${language}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
