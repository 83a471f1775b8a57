import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOpenDialog } from '../dialogs/dialog-request.ts';

/**
 * Releases spec §2 "Create-release menu": one release, or many from a spreadsheet, or from an
 * EDIFACT COREOR file (issue 14 item 4).
 */
export function CreateReleaseMenu() {
  const { t } = useTranslation();
  const openDialog = useOpenDialog();
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const choose = (kind: 'create' | 'upload' | 'coreor') => {
    setOpen(false);
    openDialog({ kind });
  };
  return (
    <>
      <Button
        ref={anchor}
        variant="contained"
        startIcon={<AddIcon />}
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        data-testid="create-release-menu"
      >
        {t('releases.create.menu')}
      </Button>
      <Menu anchorEl={anchor.current} open={open} onClose={() => setOpen(false)}>
        <MenuItem onClick={() => choose('create')} data-testid="create-single">
          {t('releases.create.single')}
        </MenuItem>
        <MenuItem onClick={() => choose('upload')} data-testid="create-upload">
          {t('releases.create.upload')}
        </MenuItem>
        <MenuItem onClick={() => choose('coreor')} data-testid="create-coreor">
          {t('releases.create.coreor')}
        </MenuItem>
      </Menu>
    </>
  );
}
