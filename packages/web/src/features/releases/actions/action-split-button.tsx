import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ActionContext, ReleaseAction, SelectedRelease } from '@scr/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionsMenu } from './actions-menu-state.tsx';
import { offeredActionStates } from './offered-actions.ts';

export interface ActionSplitButtonProps {
  /** The releases acted on; undefined while they load (a BL's containers). */
  selection: readonly SelectedRelease[] | undefined;
  context: ActionContext;
  securePickup: boolean;
  onAction: (action: ReleaseAction) => void;
  /**
   * Names the menu in the overview's `ActionsMenuProvider` (`actionsMenuKeys`), so it stays
   * open when its row is remounted; without it the menu is this button's own.
   */
  menuKey?: string;
  testId?: string;
}

/**
 * The action button of a BL row or of a selection (releases spec §2 "Action split button"):
 * it always says "Actions" and opens the menu, whatever the releases (issue 15: a label that
 * turned into Transfer, Revoke or Pincode invited a click with lasting effect). The menu lists
 * the actions the viewer's role has (domain `actionsOfRole`, releases spec §6), each enabled as
 * domain `enabledActions` decides; a disabled one says why (domain `actionAvailability`). The "Secure pick-up" label stands beside it for secure
 * pick-up releases. Which menu is open lives above the tables (`ActionsMenuProvider`): a live
 * refresh that remounts the row keeps the menu open, anchored to the new button.
 */
export function ActionSplitButton(props: ActionSplitButtonProps) {
  const { t } = useTranslation();
  const menuId = useId();
  const menu = useActionsMenu(props.menuKey ?? menuId);
  // State, not a ref read while rendering: the menu is positioned on the button mounted now.
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  // Open already when this button mounted: its row was remounted, and the menu stays put
  // instead of growing in again under the user's mouse.
  const [restored, setRestored] = useState(menu.open);
  const open = menu.open && anchor !== null;
  const testId = props.testId ?? 'release-actions';
  const states = props.selection ? offeredActionStates(props.selection, props.context) : null;

  const openMenu = () => {
    setRestored(false);
    menu.show();
  };
  const act = (action: ReleaseAction) => {
    menu.close();
    props.onAction(action);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        ref={setAnchor}
        size="small"
        variant="outlined"
        endIcon={<ArrowDropDownIcon fontSize="small" />}
        data-testid={`${testId}-arrow`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          event.stopPropagation();
          openMenu();
        }}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('releases.actions.menu')}
      </Button>
      {props.securePickup ? (
        // Compact beside the button (the column stays narrow); named in full in the menu.
        <Tooltip title={t('releases.actions.securePickup')}>
          <VerifiedUserOutlinedIcon
            color="secondary"
            fontSize="small"
            titleAccess={t('releases.actions.securePickup')}
            data-testid={`${testId}-secure-pickup`}
          />
        </Tooltip>
      ) : null}
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={menu.close}
        transitionDuration={restored ? 0 : 'auto'}
        onClick={(event) => event.stopPropagation()}
        data-testid={`${testId}-menu`}
      >
        {props.securePickup ? (
          <ListSubheader sx={{ display: 'flex', alignItems: 'center', gap: 1, lineHeight: 2.5 }}>
            <VerifiedUserOutlinedIcon color="secondary" fontSize="small" />
            {t('releases.actions.securePickup')}
          </ListSubheader>
        ) : null}
        {states === null ? (
          <MenuItem disabled>
            <CircularProgress size={16} sx={{ mr: 1 }} />
            {t('releases.actions.loading')}
          </MenuItem>
        ) : (
          states.map(({ action, enabled, reason }) => (
            <MenuItem
              key={action}
              disabled={!enabled}
              onClick={() => act(action)}
              data-testid={`release-action-${action}`}
              // A disabled item stays legible: its reason is the point of showing it.
              sx={{ '&.Mui-disabled': { opacity: 1, color: 'text.disabled' } }}
            >
              <ListItemText
                primary={t(`releases.actions.${action}`)}
                secondary={reason ? t(`releases.actions.disabled.${reason}`) : null}
                slotProps={{
                  secondary: {
                    'data-testid': `release-action-${action}-reason`,
                    sx: { color: 'text.secondary', whiteSpace: 'normal', maxWidth: 280 },
                  } as object,
                }}
              />
            </MenuItem>
          ))
        )}
      </Menu>
    </Stack>
  );
}
