import Button from '@mui/material/Button';
import {
  containerSortFields,
  releaseFeatureGates,
  seesReceivedFrom,
  seesTransferInfo,
  type ContainerRow,
  type Features,
  type OrganizationRole,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import type { MRT_ColumnDef } from 'material-react-table';
import { GoPremiumChip } from '../../premium/go-premium-chip.tsx';
import { assigneeColumns } from '../assignment/assignee-columns.tsx';
import { greenLightColumns } from '../green-lights/green-light-column.tsx';
import { useOpenDialog } from '../dialogs/dialog-request.ts';
import { CellText, none, ReleaseStatusChip, TransferStatusText, typedDate } from './cells.tsx';
import { TerminalName } from './terminal-name.tsx';
import { pinnedWidth } from './use-overview-table-state.ts';

const sortable = new Set<string>(containerSortFields);

function BlNumberLink({ blNumber }: { blNumber: string }) {
  const openDialog = useOpenDialog();
  return (
    <Button
      size="small"
      sx={{ minWidth: 0, px: 0.5 }}
      onClick={(event) => {
        event.stopPropagation();
        openDialog({ kind: 'billOfLading', blNumber });
      }}
    >
      {blNumber}
    </Button>
  );
}

export interface ContainerColumnsOptions {
  role: OrganizationRole;
  features: Features;
  showPickupMethod: boolean;
}

/**
 * Releases spec §2 tab 2: containerNumber, pickupMethod (only when shown), vessel, blNumber,
 * validFrom, validUntil, the pickup port, pickupLocation, turn-in location and reference for
 * truck, barge and rail, receivedFrom (absent for carriers: the domain's `seesReceivedFrom`),
 * releaseStatus, transferStatus and transferTo (a Go Premium chip unless `seesTransferInfo`).
 */
export function containerColumns(
  t: TFunction,
  { role, features, showPickupMethod }: ContainerColumnsOptions,
): MRT_ColumnDef<ContainerRow>[] {
  const column = (key: string, more: Partial<MRT_ColumnDef<ContainerRow>> = {}) =>
    ({
      id: key,
      accessorKey: key,
      header: t(`releases.columns.${key}`),
      enableSorting: sortable.has(key),
      Cell: ({ row }) => (
        <CellText text={row.original[key as keyof ContainerRow] as string | null} />
      ),
      ...more,
    }) satisfies MRT_ColumnDef<ContainerRow>;
  const date = (key: 'validFrom' | 'validUntil') =>
    column(key, { Cell: ({ row }) => typedDate(row.original[key]) });
  return [
    column('containerNumber', { enableHiding: false }),
    ...(showPickupMethod ? [column('pickupMethod')] : []),
    column('vessel'),
    column('blNumber', { Cell: ({ row }) => <BlNumberLink blNumber={row.original.blNumber} /> }),
    date('validFrom'),
    date('validUntil'),
    column('pickupPort'),
    column('pickupLocation', {
      Cell: ({ row }) => <TerminalName code={row.original.pickupLocation} />,
    }),
    column('turnInLocation'),
    column('turnInReference'),
    column('turnInLocationBarge'),
    column('turnInReferenceBarge'),
    column('turnInLocationRail'),
    column('turnInReferenceRail'),
    ...(seesReceivedFrom(role) ? [column('receivedFrom')] : []),
    // Pinned right beside the actions (`use-overview-table-state.ts`), at a fixed width.
    column('releaseStatus', {
      ...pinnedWidth(190),
      Cell: ({ row }) => <ReleaseStatusChip status={row.original.releaseStatus} />,
    }),
    column('transferStatus', {
      ...pinnedWidth(190),
      Cell: ({ row }) => <TransferStatusText status={row.original.transferStatus} />,
    }),
    // Releases spec §3 "greenLights", §4 "Traffic light": behind canGreenLights.
    ...greenLightColumns(t, features, none),
    column('transferTo', {
      Cell: ({ row }) =>
        seesTransferInfo(features) ? (
          <CellText text={row.original.transferTo} />
        ) : (
          <GoPremiumChip feature={releaseFeatureGates.transferInfo} />
        ),
    }),
    // Releases spec §3: who the release is assigned to, and the visit number.
    ...assigneeColumns(t, none),
    // Releases spec §7 `nmots`: hidden by default (domain `defaultHiddenColumns`).
    column('nextModeOfTransport', {
      Cell: ({ row }) =>
        row.original.nextModeOfTransport
          ? t(`nmot.mode.${row.original.nextModeOfTransport}`)
          : none,
    }),
  ];
}
