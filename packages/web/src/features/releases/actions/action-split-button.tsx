import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import CircularProgress from '@mui/material/CircularProgress';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ActionContext, SelectedRelease } from '@scr/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { offeredActionStates, type OfferedAction } from './offered-actions.ts';

export interface ActionSplitButtonProps {
  /** The releases acted on; undefined while they load (a BL's containers). */
  selection: readonly SelectedRelease[] | undefined;
  context: ActionContext;
  securePickup: boolean;
  onAction: (action: OfferedAction) => void;
  /** Called when the menu opens, to load a selection not known yet. */
  onOpen?: () => void;
  testId?: string;
}

/**
 * The action split button of a BL row or of a selection (releases spec §2): the first enabled
 * action on the button, every offered action in the menu, each enabled as domain
 * `enabledActions` decides; the "Secure pick-up" label beside it for secure pick-up releases.
 */
export function ActionSplitButton(props: ActionSplitButtonProps) {
  const { t } = useTranslation();
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const testId = props.testId ?? 'release-actions';
  const states = props.selection ? offeredActionStates(props.selection, props.context) : null;
  const primary = states?.find((state) => state.enabled)?.action;

  const openMenu = () => {
    props.onOpen?.();
    setOpen(true);
  };
  const act = (action: OfferedAction) => {
    setOpen(false);
    props.onAction(action);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <ButtonGroup
        ref={anchor}
        size="small"
        variant="outlined"
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <Button
          data-testid={`${testId}-main`}
          onClick={() => (primary ? act(primary) : openMenu())}
        >
          {primary ? t(`releases.actions.${primary}`) : t('releases.actions.menu')}
        </Button>
        <Button
          data-testid={`${testId}-arrow`}
          aria-label={t('releases.actions.more')}
          aria-haspopup="menu"
          aria-expanded={open}
          onClick={openMenu}
        >
          <ArrowDropDownIcon fontSize="small" />
        </Button>
      </ButtonGroup>
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
        anchorEl={anchor.current}
        open={open}
        onClose={() => setOpen(false)}
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
          states.map(({ action, enabled }) => (
            <MenuItem
              key={action}
              disabled={!enabled}
              onClick={() => act(action)}
              data-testid={`release-action-${action}`}
            >
              {t(`releases.actions.${action}`)}
            </MenuItem>
          ))
        )}
      </Menu>
    </Stack>
  );
}
