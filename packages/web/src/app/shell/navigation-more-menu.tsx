import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavigationItem } from './navigation-items.ts';

/** The top bar's links that do not fit inline, under its More button (closes on a choice). */
export function NavigationMoreMenu(props: {
  items: readonly NavigationItem[];
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu
      anchorEl={props.anchor}
      open={props.anchor !== null}
      onClose={props.onClose}
      data-testid="navigation-more-menu"
    >
      {props.items.map((item) => (
        <MenuItem
          key={item.to}
          component={NavLink}
          to={item.to}
          onClick={props.onClose}
          data-testid={item.testId}
          sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 600 } }}
        >
          {t(item.labelKey)}
        </MenuItem>
      ))}
    </Menu>
  );
}
