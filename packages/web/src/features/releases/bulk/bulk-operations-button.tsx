import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import Button from '@mui/material/Button';
import { bulkPermission } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.tsx';
import { BulkOperationsDialog } from './bulk-operations-dialog.tsx';

/**
 * The overview's "Bulk operations" button (releases spec §6: non-carriers), which opens the
 * Bulk Operations dialog; without canBulkOperations the dialog shows the premium info frame.
 */
export function BulkOperationsButton() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user || bulkPermission(user.organizationRole, user.features) === 'forbidden') return null;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PlaylistAddCheckIcon />}
        onClick={() => setOpen(true)}
        data-testid="open-bulk-operations"
      >
        {t('releases.bulk.open')}
      </Button>
      {open ? <BulkOperationsDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
