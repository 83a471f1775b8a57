import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TicketDrawerView } from '../../features/tickets/ticket-drawer-view.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { helpPagePath, useHelp } from '../../ui/help/help-context.tsx';
import { helpDrawerWidth } from './help-drawer-width.ts';
import { useFrameHistory } from './use-frame-history.ts';

const HelpFrame = styled('iframe')(({ theme }) => ({
  flex: 1,
  width: '100%',
  border: 0,
  borderTop: `1px solid ${theme.palette.divider}`,
}));

/**
 * The help drawer (access spec §2 "App shell"): on the right, below the top bar, with the help
 * page of the current language in a frame, Back and open-in-new-tab buttons, and its second
 * tab, the support ticket form (§2 "Support ticket page and side drawer").
 */
export function HelpDrawer() {
  const { t, i18n } = useTranslation();
  const { isOpen, section, closeHelp, view, showView } = useHelp();
  const src = helpPagePath(currentLanguage(i18n), section);
  const { frameRef, onLoad, back, canGoBack, current } = useFrameHistory(src);
  // The frame loads on first opening, not with every page, and then stays for its history.
  const [everOpened, setEverOpened] = useState(isOpen);
  if (isOpen && !everOpened) setEverOpened(true);

  return (
    <Drawer
      variant="persistent"
      anchor="right"
      open={isOpen}
      sx={{ '& .MuiDrawer-paper': { width: helpDrawerWidth, boxSizing: 'border-box' } }}
    >
      <Toolbar />
      <Box
        data-testid="help-drawer"
        sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.5 }}>
          <Tooltip title={t('help.back')}>
            <span>
              <IconButton
                data-testid="help-back"
                aria-label={t('help.back')}
                disabled={!canGoBack || view !== 'help'}
                onClick={back}
              >
                <ArrowBackIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Typography component="h2" variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
            {t('help.title')}
          </Typography>
          <Tooltip title={t('help.openInNewTab')}>
            <IconButton
              data-testid="help-open-new-tab"
              aria-label={t('help.openInNewTab')}
              onClick={() => window.open(current, '_blank', 'noopener,noreferrer')}
            >
              <OpenInNewIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('help.close')}>
            <IconButton data-testid="help-close" aria-label={t('help.close')} onClick={closeHelp}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Box>
        <Tabs
          value={view}
          onChange={(_event, next: 'help' | 'ticket') => showView(next)}
          variant="fullWidth"
          sx={{ minHeight: 40, '& .MuiTab-root': { minHeight: 40 } }}
        >
          <Tab value="help" label={t('help.tabHelp')} data-testid="help-tab-help" />
          <Tab value="ticket" label={t('help.tabTicket')} data-testid="help-tab-ticket" />
        </Tabs>
        {view === 'ticket' ? <TicketDrawerView /> : null}
        {everOpened ? (
          <HelpFrame
            hidden={view !== 'help'}
            key={src}
            ref={frameRef}
            data-testid="help-frame"
            title={t('help.frameTitle')}
            src={src}
            onLoad={onLoad}
          />
        ) : null}
      </Box>
    </Drawer>
  );
}
