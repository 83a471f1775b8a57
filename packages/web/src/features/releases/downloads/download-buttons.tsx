import FileDownloadIcon from '@mui/icons-material/FileDownload';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { downloadScopeRefusal, mayDownloadReleases, type DownloadScope } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/session-context.tsx';
import { DownloadDialog } from './download-dialog.tsx';

/**
 * Releases spec §2: the download and print buttons, for non-carriers. A download needs a
 * search, a filter or a selected row (§5); without one the buttons are disabled and say why.
 */
export function DownloadButtons({ scope }: { scope: DownloadScope }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState<'download' | 'print' | null>(null);
  if (!user || !mayDownloadReleases(user.organizationRole)) return null;
  const refusal = downloadScopeRefusal(scope);
  const why = refusal ? t('releases.downloads.needsScope') : '';
  const button = (mode: 'download' | 'print') => (
    <Tooltip title={why}>
      {/* A disabled button fires no events: the tooltip listens on its wrapper. */}
      <Box component="span" data-testid={`${mode}-button-wrapper`}>
        <Button
          variant="outlined"
          startIcon={mode === 'download' ? <FileDownloadIcon /> : <PrintIcon />}
          disabled={refusal !== null}
          onClick={() => setOpen(mode)}
          data-testid={`${mode}-releases`}
          aria-description={why || undefined}
        >
          {t(`releases.downloads.${mode}`)}
        </Button>
      </Box>
    </Tooltip>
  );
  return (
    <>
      {button('download')}
      {button('print')}
      {open ? <DownloadDialog mode={open} scope={scope} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
