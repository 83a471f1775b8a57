import MenuIcon from '@mui/icons-material/Menu';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../features/session/session-context.tsx';
import { navigationItems } from './navigation-items.ts';

// Downloaded at the first opening: the login page has no pages to list.
const NavigationDrawer = lazy(() =>
  import('./navigation-drawer.tsx').then((loaded) => ({ default: loaded.NavigationDrawer })),
);

/**
 * Issue 15: below the `md` breakpoint the top bar's links do not fit on one line; a menu button
 * opens them in a drawer instead (`NavigationLinks` shows them inline from `md` on).
 */
export function NavigationMenu() {
  const { t } = useTranslation();
  const { user, twoFactorPending } = useSession();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const items = navigationItems(user, twoFactorPending);
  if (items.length === 0) return null;
  return (
    <>
      <IconButton
        color="inherit"
        edge="start"
        aria-label={t('nav.openMenu')}
        aria-haspopup="true"
        aria-expanded={open}
        data-testid="navigation-menu-button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        sx={{ display: { xs: 'inline-flex', md: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      {wanted ? (
        <Suspense fallback={null}>
          <NavigationDrawer items={items} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
