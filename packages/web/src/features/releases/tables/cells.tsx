import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { formatTypedDate, type ReleaseStatus, type TransferStatus } from '@scr/domain';
import { useTranslation } from 'react-i18next';

/** A missing value in a cell. */
export const none = '—';

/** Issue 15: no text cell grows wider than this; longer text ends in "…". */
export const cellMaxWidth = 220;
/** About what fits in `cellMaxWidth`: longer text gets its whole value in a tooltip. */
const cutAfterCharacters = 26;

/**
 * A cell's text, cut at `cellMaxWidth` with "…" so one long value (a 96-character agent name)
 * never widens its column for every row; the whole text shows on hover and keyboard focus.
 */
export function CellText({ text }: { text: string | null | undefined }) {
  if (!text) return <>{none}</>;
  const cut = text.length > cutAfterCharacters;
  const shown = (
    <Box
      component="span"
      tabIndex={cut ? 0 : undefined}
      data-testid={cut ? 'cut-cell' : undefined}
      sx={{
        display: 'block',
        maxWidth: cellMaxWidth,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {text}
    </Box>
  );
  return cut ? (
    <Tooltip title={text} describeChild>
      {shown}
    </Tooltip>
  ) : (
    shown
  );
}

/** `YYYY-MM-DD` shown as users type it, `DD/MM/YYYY`. */
export function typedDate(iso: string | null | undefined): string {
  if (!iso) return none;
  try {
    return formatTypedDate(iso.slice(0, 10));
  } catch {
    return iso;
  }
}

const statusColor: Record<ReleaseStatus, 'success' | 'warning' | 'error' | 'default' | 'info'> = {
  released: 'success',
  blocked: 'error',
  blockedForScanning: 'warning',
  expired: 'default',
  deleted: 'default',
  gateout: 'info',
};

export function ReleaseStatusChip({ status }: { status: ReleaseStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={statusColor[status] ?? 'default'}
      label={t(`releases.releaseStatus.${status}`, { defaultValue: status })}
    />
  );
}

export function TransferStatusText({ status }: { status: TransferStatus }) {
  const { t } = useTranslation();
  return <>{t(`releases.transferStatus.${status}`, { defaultValue: status })}</>;
}
