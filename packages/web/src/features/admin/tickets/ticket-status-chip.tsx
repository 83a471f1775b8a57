import Chip from '@mui/material/Chip';
import type { TicketStatus } from '@scr/domain';
import { useAdminT } from '../admin-i18n.ts';

/** A ticket's status as a chip. */
export function TicketStatusChip({ status }: { status: TicketStatus }) {
  const { t } = useAdminT();
  return (
    <Chip
      size="small"
      color={status === 'open' ? 'warning' : 'default'}
      label={t(`tickets.status.${status}`)}
    />
  );
}
