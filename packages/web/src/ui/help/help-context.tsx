import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/** What the help drawer shows: the help page, or the support ticket form (access spec §2). */
export type HelpView = 'help' | 'ticket';

export interface HelpApi {
  isOpen: boolean;
  /** The section of the help page to show, such as `#wallet`; empty for the top. */
  section: string;
  view: HelpView;
  /** What the ticket is about (access spec §3 "destination"), when the drawer opened for one. */
  ticketDestination: string | null;
  /** Opens the drawer, optionally at a section (access spec §8: the wallet help on offline). */
  openHelp: (section?: string) => void;
  /** Opens the drawer at the support ticket form (every "contact support" leads here). */
  openTicket: (destination?: string | null) => void;
  showView: (view: HelpView) => void;
  closeHelp: () => void;
  toggleHelp: () => void;
}

const HelpContext = createContext<HelpApi | null>(null);

/** Whether the help drawer is open, on which view and at which section; any page may open it. */
export function HelpProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const [section, setSection] = useState('');
  const [view, setView] = useState<HelpView>('help');
  const [ticketDestination, setTicketDestination] = useState<string | null>(null);

  const api = useMemo<HelpApi>(
    () => ({
      isOpen,
      section,
      view,
      ticketDestination,
      openHelp: (next = '') => {
        setSection(next);
        setView('help');
        setOpen(true);
      },
      openTicket: (destination = null) => {
        setTicketDestination(destination);
        setView('ticket');
        setOpen(true);
      },
      showView: setView,
      closeHelp: () => setOpen(false),
      toggleHelp: () => setOpen((open) => !open),
    }),
    [isOpen, section, view, ticketDestination],
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
