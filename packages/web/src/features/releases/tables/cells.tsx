import Chip from '@mui/material/Chip';
import { formatTypedDate, type ReleaseStatus, type TransferStatus } from '@scr/domain';
import { useTranslation } from 'react-i18next';

/** A missing value in a cell. */
export const none = '—';

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
