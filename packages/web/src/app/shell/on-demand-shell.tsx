import Box from '@mui/material/Box';
import { useEffect, useState, type ComponentType } from 'react';
import { useAppInfo } from '../../api/app-info.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { loadFeatureStrings } from '../../i18n/i18n.ts';
import { useHelp } from '../../ui/help/help-context.tsx';
import { isSupportedBrowser } from './browser-support.ts';

/*
 * Issue 15: parts of the shell that the login page does not show arrive when first needed, so
 * the first download stays under its budget: the help drawer (with the support ticket form) on
 * first opening, the profile menu once someone is signed in, the version badge outside
 * production and the browser warning only in a browser the portal does not support.
 */

/** The parts downloaded so far: a part already here renders at once, with its neighbours. */
const downloaded = new Map<() => Promise<ComponentType>, { component: ComponentType }>();

async function download(load: () => Promise<ComponentType>): Promise<ComponentType> {
  const component = await load();
  downloaded.set(load, { component });
  return component;
}

/** A component downloaded once, the first time `wanted` is true; null until it is there. */
function useOnDemand(load: () => Promise<ComponentType>, wanted: boolean): ComponentType | null {
  const [loaded, setLoaded] = useState(() => downloaded.get(load) ?? null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    download(load).then(
      (component) => current && setLoaded({ component }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded, load]);
  return loaded?.component ?? null;
}

const loadHelpDrawer = async () => {
  // Its second tab is the support ticket form, whose strings are among the feature groups.
  const [loaded] = await Promise.all([import('../help/help-drawer.tsx'), loadFeatureStrings()]);
  return loaded.HelpDrawer;
};
const loadProfileMenu = async () => (await import('./profile-menu.tsx')).ProfileMenu;
const loadVersionBadge = async () => (await import('./version-badge.tsx')).VersionBadge;
const loadBrowserChip = async () => (await import('./browser-chip.tsx')).BrowserChip;

/** Downloads every part now (the web tests do, once per worker, before their first test). */
export async function preloadShellParts(): Promise<void> {
  await Promise.all(
    [loadHelpDrawer, loadProfileMenu, loadVersionBadge, loadBrowserChip].map(download),
  );
}

/** The help drawer, downloaded the first time help opens and kept for its frame's history. */
export function OnDemandHelpDrawer() {
  const { isOpen } = useHelp();
  const [wanted, setWanted] = useState(isOpen);
  if (isOpen && !wanted) setWanted(true);
  const HelpDrawer = useOnDemand(loadHelpDrawer, wanted);
  return HelpDrawer ? <HelpDrawer /> : null;
}

/** The profile menu of a signed-in user; its place is kept while it downloads. */
export function OnDemandProfileMenu() {
  const { user } = useSession();
  const ProfileMenu = useOnDemand(loadProfileMenu, !!user);
  if (!user) return null;
  return ProfileMenu ? <ProfileMenu /> : <Box sx={{ width: 40, flexShrink: 0 }} />;
}

/** The version badge, where the server names its version (never in production). */
export function OnDemandVersionBadge() {
  const { data: info } = useAppInfo();
  const VersionBadge = useOnDemand(
    loadVersionBadge,
    !!info?.version && info.environment !== 'production',
  );
  return VersionBadge ? <VersionBadge /> : null;
}

/** The warning chip, in a browser other than Chrome and Edge (access spec §8). */
export function OnDemandBrowserChip() {
  const BrowserChip = useOnDemand(loadBrowserChip, !isSupportedBrowser(navigator.userAgent));
  return BrowserChip ? <BrowserChip /> : null;
}
