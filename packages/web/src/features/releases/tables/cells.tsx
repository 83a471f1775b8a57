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
/** A narrow cell is never narrower than this, nor holds more than about this on a line. */
const narrowMinWidth = 104;
const narrowOneLine = 14;

/**
 * A cell's text, cut at `cellMaxWidth` with "…" so one long value (a 96-character agent name)
 * never widens its column for every row; the whole text shows on hover and keyboard focus.
 * `narrow`: the text takes up to two lines of `narrow` pixels instead (the container tab's
 * party names), and only a longer one ends in "…".
 */
export function CellText({ text, narrow }: { text: string | null | undefined; narrow?: number }) {
  if (!text) return <>{none}</>;
  const cut = text.length > cutAfterCharacters;
  const oneLine = {
    maxWidth: cellMaxWidth,
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  } as const;
  const twoLines = {
    maxWidth: narrow,
    // Room for two lines of a name up to the cut, even when the table is tight.
    minWidth: narrowMinWidth,
    whiteSpace: 'normal',
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
  } as const;
  const shown = (
    <Box
      component="span"
      tabIndex={cut ? 0 : undefined}
      data-testid={cut ? 'cut-cell' : undefined}
      sx={{ display: 'block', overflow: 'hidden', ...(narrow ? twoLines : oneLine) }}
    >
      {text}
    </Box>
  );
  // A narrow cell's text may take its two lines and more: the whole of it shows on hover.
  return cut || (narrow && text.length > narrowOneLine) ? (
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
