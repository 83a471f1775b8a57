import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
} from 'react';

/**
 * The keys of the overview's Actions menus: stable across the remounts of their rows (the
 * tables key a row by its index too, so a release appearing above it remounts it).
 */
export const actionsMenuKeys = {
  bl: (blNumber: string) => `bl:${blNumber}`,
  release: (address: string) => `release:${address}`,
  selection: 'selection',
};

interface ActionsMenuState {
  openKey: string | null;
  setOpenKey: Dispatch<SetStateAction<string | null>>;
  /** Counts a mounted button of `key`; the returned function uncounts it. */
  mount: (key: string) => () => void;
}

const ActionsMenuContext = createContext<ActionsMenuState | null>(null);

/**
 * Which Actions menu of the overview is open (releases spec §2 "Action split button"), kept
 * above the tables: a live refresh that remounts a row leaves its open menu open, re-anchored
 * to the new button, instead of closing it under the user's mouse. One menu at a time.
 */
export function ActionsMenuProvider({ children }: { children: ReactNode }) {
  const [openKey, setOpenKey] = useState<string | null>(null);
  const mounted = useRef(new Map<string, number>());
  const mount = useCallback((key: string) => {
    const counts = mounted.current;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    return () => {
      const left = (counts.get(key) ?? 1) - 1;
      if (left > 0) counts.set(key, left);
      else counts.delete(key);
      // A remounted row mounts its new button in the same commit: only a menu whose button
      // is gone for good (its release left the page) closes, so it never reopens by itself.
      queueMicrotask(() => {
        if (!counts.has(key)) setOpenKey((open) => (open === key ? null : open));
      });
    };
  }, []);
  const value = useMemo(() => ({ openKey, setOpenKey, mount }), [openKey, mount]);
  return <ActionsMenuContext.Provider value={value}>{children}</ActionsMenuContext.Provider>;
}

/** The key of the open Actions menu, or null (also outside an `ActionsMenuProvider`). */
export function useOpenActionsMenu(): string | null {
  return useContext(ActionsMenuContext)?.openKey ?? null;
}

/**
 * The open state of the Actions menu `key`: shared through the `ActionsMenuProvider` around
 * it, or this component's own without one (a button on its own).
 */
export function useActionsMenu(key: string) {
  const shared = useContext(ActionsMenuContext);
  const [ownKey, setOwnKey] = useState<string | null>(null);
  const openKey = shared ? shared.openKey : ownKey;
  const setOpenKey = shared ? shared.setOpenKey : setOwnKey;
  const mount = shared?.mount;
  useEffect(() => mount?.(key), [mount, key]);
  return {
    open: openKey === key,
    show: () => setOpenKey(key),
    close: () => setOpenKey((open) => (open === key ? null : open)),
  };
}
