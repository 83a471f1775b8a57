import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import {
  currentEditValues,
  emptyEditValues,
  type BillOfLadingRow,
  type ContainerRow,
} from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { EditForm } from './edit-form-dialog.tsx';

/** The BL row of a release, for the BL fields of the single edit form. */
function useBillOfLading(blNumber: string) {
  const api = useReleasesApi();
  return useQuery({
    queryKey: ['releases', 'edit-bl', blNumber],
    queryFn: async (): Promise<BillOfLadingRow | null> => {
      const page = await api.findBillsOfLading({
        search: '',
        filter: { blNumber, valid: 'showBoth' },
        limit: 10,
        skip: 0,
        sort: [],
      });
      return page.data.find((bl) => bl.blNumber === blNumber) ?? null;
    },
    staleTime: 0,
    gcTime: 0,
  });
}

/** Releases spec §2: the edit dialog (one container: BL and container locked). */
export function EditReleaseDialog({ row, onClose }: { row: ContainerRow; onClose: () => void }) {
  const { t } = useTranslation();
  const bl = useBillOfLading(row.blNumber);
  if (bl.isPending) {
    return (
      <Dialog open onClose={onClose} data-testid="edit-release-loading">
        <DialogContent>
          <CircularProgress aria-label={t('releases.loading')} />
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <EditForm
      mode="single"
      rows={[row]}
      initial={currentEditValues(row, bl.data ?? null)}
      locked={{ blNumber: row.blNumber, containerNumber: row.containerNumber }}
      onClose={onClose}
    />
  );
}

/** Releases spec §2, §5: the multi-release edit dialog; only filled fields change. */
export function MultiEditDialog({ rows, onClose }: { rows: ContainerRow[]; onClose: () => void }) {
  return <EditForm mode="multi" rows={rows} initial={emptyEditValues()} onClose={onClose} />;
}
