import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, NavLink, useLocation } from 'react-router';
import { useSession } from '../../features/session/session-context.tsx';
import { linksThatFit, navigationItems } from './navigation-items.ts';

// Downloaded at the first opening, as the narrow screens' drawer is.
const NavigationMoreMenu = lazy(() =>
  import('./navigation-more-menu.tsx').then((loaded) => ({ default: loaded.NavigationMoreMenu })),
);

/** The page shown: its link, or More when the link is under it. */
const activeSx = { backgroundColor: 'rgba(255, 255, 255, 0.16)' } as const;
const linkSx = { flexShrink: 0, whiteSpace: 'nowrap', '&.active': activeSx } as const;

/**
 * The top bar's links to the protected pages this user may open, on one line: those that do not
 * fit (a forwarder's seven pages in Dutch at 1366 pixels) go under a More button instead of
 * being cut off at the bar's edge. A wrapping bar would grow taller than the fixed spacer below
 * it and cover the top of every page. Below `md` the menu button (`navigation-menu.tsx`) lists
 * them instead.
 */
export function NavigationLinks() {
  const { t, i18n } = useTranslation();
  const { user, twoFactorPending } = useSession();
  const { pathname } = useLocation();
  const items = navigationItems(user, twoFactorPending);
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(items.length);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const [moreWanted, setMoreWanted] = useState(false);
  const itemsKey = items.map((item) => item.to).join(' ');

  // Every link is measured in a hidden row of its own (its words in this language), and as many
  // as fit the room the bar leaves are shown; again whenever that room or the words change.
  useLayoutEffect(() => {
    const nav = navRef.current;
    const measure = measureRef.current;
    if (!nav || !measure) return undefined;
    const fitLinks = () => {
      const widths = [...measure.children].map((child) => (child as HTMLElement).offsetWidth);
      const moreWidth = widths.pop() ?? 0;
      const gap = parseFloat(getComputedStyle(nav).columnGap) || 0;
      setShown(linksThatFit(widths, moreWidth, nav.clientWidth, gap));
    };
    fitLinks();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(fitLinks);
    observer.observe(nav);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [itemsKey, i18n.language]);

  // No pages (signed out, or a gate of access spec §4): the room stays, the rest sits right.
  if (items.length === 0) return <Box sx={{ flex: '1 1 0' }} />;
  const hidden = items.slice(shown);
  const link = (item: (typeof items)[number]): ReactNode => (
    <Button
      key={item.to}
      component={NavLink}
      to={item.to}
      color="inherit"
      data-testid={item.testId}
      sx={linkSx}
    >
      {t(item.labelKey)}
    </Button>
  );
  return (
    <Box
      component="nav"
      ref={navRef}
      aria-label={t('nav.label')}
      data-testid="main-navigation"
      // The room left between the portal's name and the right-hand pieces.
      sx={{
        display: { xs: 'none', md: 'flex' },
        flex: '1 1 0',
        gap: 0.5,
        ml: 1,
        minWidth: 0,
        overflow: 'hidden',
        position: 'relative',
      }}
    >
      {items.slice(0, shown).map(link)}
      {hidden.length > 0 ? (
        <Button
          color="inherit"
          endIcon={<ExpandMoreIcon />}
          aria-haspopup="menu"
          aria-expanded={moreAnchor !== null}
          data-testid="navigation-more"
          onClick={(event) => {
            setMoreWanted(true);
            setMoreAnchor(event.currentTarget);
          }}
          sx={{
            ...linkSx,
            // As NavLink marks its page: the path or one below it.
            ...(hidden.some((item) => matchPath({ path: item.to, end: false }, pathname))
              ? activeSx
              : {}),
          }}
        >
          {t('nav.more')}
        </Button>
      ) : null}
      {moreWanted ? (
        <Suspense fallback={null}>
          <NavigationMoreMenu
            items={hidden}
            anchor={moreAnchor}
            onClose={() => setMoreAnchor(null)}
          />
        </Suspense>
      ) : null}
      <Box
        ref={measureRef}
        aria-hidden
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          display: 'flex',
          gap: 0.5,
          visibility: 'hidden',
          pointerEvents: 'none',
        }}
      >
        {items.map((item) => (
          <Button key={item.to} component="span" color="inherit" tabIndex={-1} sx={linkSx}>
            {t(item.labelKey)}
          </Button>
        ))}
        <Button
          component="span"
          color="inherit"
          tabIndex={-1}
          endIcon={<ExpandMoreIcon />}
          sx={linkSx}
        >
          {t('nav.more')}
        </Button>
      </Box>
    </Box>
  );
}
