import CheckIcon from '@mui/icons-material/Check';
import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { languages, type Language } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../../i18n/i18n.ts';

/** The language menu: each language listed under its own name; the choice is remembered. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = currentLanguage(i18n);

  const choose = (language: Language) => {
    setAnchor(null);
    void chooseLanguage(i18n, language);
  };

  return (
    <>
      <Button
        data-testid="language-switch"
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('language.switch')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {active.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language}
            data-testid={`language-option-${language}`}
            lang={language}
            selected={language === active}
            onClick={() => choose(language)}
          >
            <ListItemIcon>
              {language === active ? <CheckIcon fontSize="small" /> : null}
            </ListItemIcon>
            <ListItemText>{t(`language.${language}`)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
