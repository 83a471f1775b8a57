import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CookieBanner } from '../cookie-consent/cookie-banner.tsx';
import { useHelp } from '../../ui/help/help-context.tsx';
import { useLeaveWarning } from '../../ui/leave-warning.ts';
import { helpDrawerWidth } from '../help/help-drawer-width.ts';
import { DocumentTitle } from '../page-title/page-title.tsx';
import { OnDemandHelpDrawer } from './on-demand-shell.tsx';
import { TopBar } from './top-bar.tsx';

/**
 * The frame around every page: top bar, the page, the help drawer and the cookie banner; and
 * the before-unload prompt, always active (access spec §2 "App shell").
 */
export function AppShell() {
  const { t } = useTranslation();
  const { isOpen } = useHelp();
  useLeaveWarning(true, t('shell.leavePrompt'), 0);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <DocumentTitle />
      <TopBar />
      <Toolbar />
      <Box
        component="main"
        id="main"
        aria-label={t('shell.mainContent')}
        sx={{
          flex: 1,
          px: { xs: 2, sm: 3 },
          py: 3,
          // With help open the page narrows beside it instead of hiding under it.
          mr: isOpen ? { ...helpDrawerWidth, xs: 0, sm: 0 } : 0,
          transition: (theme) => theme.transitions.create('margin'),
        }}
      >
        <Outlet />
      </Box>
      <OnDemandHelpDrawer />
      <CookieBanner />
    </Box>
  );
}
