import Chip from '@mui/material/Chip';
import type { DocumentStatus } from '@scr/domain';
import { useTranslation } from 'react-i18next';

const colours = {
  draft: 'default',
  toBeAccepted: 'warning',
  accepted: 'success',
  rejected: 'error',
} as const satisfies Record<DocumentStatus, string>;

/** A document's status (access spec §4 "Documents"), coloured by where it stands. */
export function StatusChip({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={colours[status]}
      label={t(`documents.status.${status}`)}
      data-testid="document-status"
      data-status={status}
    />
  );
}
