import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import type { Language } from '@scr/domain';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseLanguage, currentLanguage } from '../../i18n/i18n.ts';
import { onDemand } from '../../ui/on-demand.tsx';

/**
 * The menu (MUI's Menu, with its popover and modal) is downloaded when first wanted:
 * on pointing at the switch or focusing it, at the latest on opening it.
 */
export const LanguageMenu = onDemand(
  async () => (await import('./language-menu.tsx')).LanguageMenu,
);

/** The language menu: each language listed under its own name; the choice is remembered. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted from the first opening on, so that closing it plays its transition.
  const [wanted, setWanted] = useState(false);
  const active = currentLanguage(i18n);

  const choose = (language: Language) => {
    setAnchor(null);
    void chooseLanguage(i18n, language);
  };
  const prefetch = () => void LanguageMenu.preload();

  return (
    <>
      <Button
        data-testid="language-switch"
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('language.switch')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={(event) => {
          setWanted(true);
          setAnchor(event.currentTarget);
        }}
      >
        {active.toUpperCase()}
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <LanguageMenu
            anchor={anchor}
            active={active}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
