import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../features/session/session-context.tsx';
import { navigationItems } from './navigation-items.ts';

/** The top bar's links to the protected pages this user may open. */
export function NavigationLinks() {
  const { t } = useTranslation();
  const { user, twoFactorPending } = useSession();
  const items = navigationItems(user, twoFactorPending);
  if (items.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-testid="main-navigation"
      // One line that scrolls sideways when the pages outgrow the bar: a wrapping bar would grow
      // taller than the fixed spacer below it and cover the top of every page. Issue 15: below
      // `md` the menu button (`navigation-menu.tsx`) lists them instead.
      sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, ml: 1, minWidth: 0, overflowX: 'auto' }}
    >
      {items.map((item) => (
        <Button
          key={item.to}
          component={NavLink}
          to={item.to}
          color="inherit"
          data-testid={item.testId}
          sx={{
            flexShrink: 0,
            whiteSpace: 'nowrap',
            '&.active': { backgroundColor: 'rgba(255, 255, 255, 0.16)' },
          }}
        >
          {t(item.labelKey)}
        </Button>
      ))}
    </Box>
  );
}
