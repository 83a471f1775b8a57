import type { ContainerRow } from '@scr/domain';
import type { TFunction } from 'i18next';
import type { MRT_ColumnDef } from 'material-react-table';

/** The assignee of a row: its driver's, barge's or train's name (one at most is set). */
export const assigneeName = (row: ContainerRow) =>
  row.assignedDriverName ?? row.assignedBargeName ?? row.assignedTrainName ?? null;

/**
 * Releases spec §3 "assignedDriverName, assignedBargeName, assignedTrainName,
 * assignedVisitNumber": the overview's assignee columns (the transfer status column shows
 * "assigned").
 */
export function assigneeColumns(t: TFunction, none: string): MRT_ColumnDef<ContainerRow>[] {
  return [
    {
      id: 'assignedTo',
      header: t('assignment.columns.assignedTo'),
      accessorFn: (row) => assigneeName(row) ?? '',
      enableSorting: false,
      Cell: ({ row }) => assigneeName(row.original) ?? none,
    },
    {
      id: 'assignedVisitNumber',
      header: t('assignment.columns.assignedVisitNumber'),
      accessorFn: (row) => row.assignedVisitNumber ?? '',
      enableSorting: false,
      Cell: ({ row }) => row.original.assignedVisitNumber ?? none,
    },
  ];
}
