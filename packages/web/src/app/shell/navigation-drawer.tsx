import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavigationItem } from './navigation-items.ts';

/** Issue 15: the pages of the top bar as a menu on narrow screens, closing on a choice. */
export function NavigationDrawer({
  items,
  open,
  onClose,
}: {
  items: readonly NavigationItem[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Drawer anchor="left" open={open} onClose={onClose} data-testid="navigation-drawer">
      <Toolbar />
      <List component="nav" aria-label={t('nav.label')} sx={{ width: 260 }}>
        {items.map((item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            onClick={onClose}
            data-testid={`${item.testId}-menu`}
            sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
          >
            <ListItemText primary={t(item.labelKey)} />
          </ListItemButton>
        ))}
      </List>
    </Drawer>
  );
}
