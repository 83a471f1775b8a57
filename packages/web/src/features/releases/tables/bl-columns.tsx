import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { billOfLadingSortFields, type BillOfLadingRow } from '@scr/domain';
import type { TFunction } from 'i18next';
import type { MRT_ColumnDef } from 'material-react-table';
import { useTranslation } from 'react-i18next';
import { useOpenDialog } from '../dialogs/dialog-request.ts';
import { CellText } from './cells.tsx';
import { BillOfLadingPickupMethod } from './pickup-method.tsx';

const sortable = new Set<string>(billOfLadingSortFields);

/** The BL number opens the bill-of-lading dialog; the count says how many containers match. */
function BlNumberCell({ bl }: { bl: BillOfLadingRow }) {
  const { t } = useTranslation();
  const openDialog = useOpenDialog();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        size="small"
        sx={{ fontWeight: 700, minWidth: 0, px: 0.5 }}
        onClick={(event) => {
          event.stopPropagation();
          openDialog({ kind: 'billOfLading', blNumber: bl.blNumber });
        }}
        data-testid="bl-number"
      >
        {bl.blNumber}
      </Button>
      <Chip
        size="small"
        label={t('releases.containerCount', { count: bl.containerCount })}
        data-testid="bl-container-count"
      />
    </Stack>
  );
}

const text =
  (key: keyof BillOfLadingRow) =>
  ({ row }: { row: { original: BillOfLadingRow } }) => (
    <CellText text={row.original[key] as string | null} />
  );

/**
 * Releases spec §2 tab 1: blNumber, pickupMethod (only when `showPickupMethod`: domain
 * `showsPickupMethodColumn`), portOfLoading
 * and portOfDestination, vessel, agent, stayNumber, lloydsNumber, voyageNumber.
 */
export function billOfLadingColumns(
  t: TFunction,
  showPickupMethod: boolean,
): MRT_ColumnDef<BillOfLadingRow>[] {
  const column = (key: string): MRT_ColumnDef<BillOfLadingRow> => ({
    id: key,
    accessorKey: key,
    header: t(`releases.columns.${key}`),
    enableSorting: sortable.has(key),
    Cell: text(key as keyof BillOfLadingRow),
  });
  return [
    {
      ...column('blNumber'),
      enableHiding: false,
      Cell: ({ row }) => <BlNumberCell bl={row.original} />,
    },
    ...(showPickupMethod
      ? [
          {
            ...column('pickupMethod'),
            Cell: ({ row }: { row: { original: BillOfLadingRow } }) => (
              <BillOfLadingPickupMethod bl={row.original} />
            ),
          },
        ]
      : []),
    column('portOfLoading'),
    column('portOfDestination'),
    column('vessel'),
    column('agent'),
    column('stayNumber'),
    column('lloydsNumber'),
    column('voyageNumber'),
  ];
}
