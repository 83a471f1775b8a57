import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export interface HelpApi {
  isOpen: boolean;
  /** The section of the help page to show, such as `#wallet`; empty for the top. */
  section: string;
  /** Opens the drawer, optionally at a section (access spec §8: the wallet help on offline). */
  openHelp: (section?: string) => void;
  closeHelp: () => void;
  toggleHelp: () => void;
}

const HelpContext = createContext<HelpApi | null>(null);

/** Whether the help drawer is open and at which section; any page may open it. */
export function HelpProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [section, setSection] = useState('');

  const api = useMemo<HelpApi>(
    () => ({
      isOpen,
      section,
      openHelp: (next = '') => {
        setSection(next);
        setOpen(true);
      },
      closeHelp: () => setOpen(false),
      toggleHelp: () => setOpen((open) => !open),
    }),
    [isOpen, section],
  );

  return <HelpContext.Provider value={api}>{children}</HelpContext.Provider>;
}

export function useHelp(): HelpApi {
  const api = useContext(HelpContext);
  if (!api) throw new Error('useHelp must be used inside HelpProvider');
  return api;
}

/** The help page of a language (static files under public/help). */
export function helpPagePath(language: string, section = ''): string {
  return `/help/${language}/index.html${section}`;
}
