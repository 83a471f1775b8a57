import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import SailingIcon from '@mui/icons-material/Sailing';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHelp } from '../../ui/help/help-context.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { NavigationLinks } from './navigation-links.tsx';
import { NavigationMenu } from './navigation-menu.tsx';
import {
  OnDemandBrowserChip,
  OnDemandProfileMenu,
  OnDemandVersionBadge,
} from './on-demand-shell.tsx';
import { SupportBox } from './support-box.tsx';

/** The top bar of every page (access spec §2 "App shell"); it stays above the help drawer. */
export function TopBar() {
  const { t } = useTranslation();
  const { isOpen, toggleHelp } = useHelp();
  return (
    <AppBar position="fixed" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <NavigationMenu />
        <Box
          component={Link}
          to="/"
          aria-label={t('shell.homeLink')}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexShrink: 0,
            color: 'inherit',
            textDecoration: 'none',
          }}
        >
          <SailingIcon aria-hidden />
          <Typography component="span" variant="h6" noWrap sx={{ fontWeight: 600 }}>
            {/* The short name up to `lg`: between `md` and `lg` the links need the room. */}
            <Box component="span" sx={{ display: { xs: 'none', lg: 'inline' } }}>
              {t('shell.productName')}
            </Box>
            <Box component="span" sx={{ display: { xs: 'inline', lg: 'none' } }}>
              {t('shell.productShortName')}
            </Box>
          </Typography>
        </Box>
        <NavigationLinks />
        {/* Below `md` the links are in the menu: the rest still sits right. */}
        <Box sx={{ flex: 1, display: { xs: 'block', md: 'none' } }} />
        {/* The navigation takes the room the rest leaves. What arrives after the page (the
            version badge once the server names its version, the browser warning) sits right of
            it: it never moves the links under a pointer about to click one, and where the room
            gets short the last links go under More. */}
        <OnDemandVersionBadge />
        <OnDemandBrowserChip />
        <SupportBox />
        <LanguageSwitch />
        {/* The browser's own tooltip: MUI's would add its positioning engine to the login page's
            download (issue 15); the accessible name is the aria-label. */}
        <IconButton
          data-testid="help-toggle"
          color="inherit"
          title={t('help.title')}
          aria-label={t('shell.helpToggle')}
          aria-pressed={isOpen}
          onClick={toggleHelp}
        >
          <HelpOutlineIcon />
        </IconButton>
        <OnDemandProfileMenu />
      </Toolbar>
    </AppBar>
  );
}
