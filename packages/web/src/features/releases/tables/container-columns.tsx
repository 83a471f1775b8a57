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
import { ContainerPickupMethod } from './pickup-method.tsx';
import { TerminalName } from './terminal-name.tsx';
import { pinnedEdge, pinnedWidth } from './use-overview-table-state.ts';

const sortable = new Set<string>(containerSortFields);

/**
 * The container tab's terminal and party names take two lines of this width rather than one
 * wide line, so that its default columns fit a 1440 px window (e2e `overview-layout.spec.ts`).
 */
const narrowCell = 140;

function BlNumberLink({ blNumber }: { blNumber: string }) {
  const openDialog = useOpenDialog();
  return (
    <Button
      size="small"
      // As compact as the text beside it: the column stays no wider than the number.
      sx={{ minWidth: 0, px: 0.5, letterSpacing: 0 }}
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
    column('containerNumber', { enableHiding: false, ...pinnedEdge('left') }),
    ...(showPickupMethod
      ? [
          column('pickupMethod', {
            Cell: ({ row }) => (
              <ContainerPickupMethod pickupLocation={row.original.pickupLocation} />
            ),
          }),
        ]
      : []),
    column('vessel'),
    column('blNumber', { Cell: ({ row }) => <BlNumberLink blNumber={row.original.blNumber} /> }),
    date('validFrom'),
    date('validUntil'),
    column('pickupPort'),
    column('pickupLocation', {
      Cell: ({ row }) => <TerminalName code={row.original.pickupLocation} maxWidth={narrowCell} />,
    }),
    column('turnInLocation'),
    column('turnInReference'),
    column('turnInLocationBarge'),
    column('turnInReferenceBarge'),
    column('turnInLocationRail'),
    column('turnInReferenceRail'),
    ...(seesReceivedFrom(role)
      ? [
          column('receivedFrom', {
            Cell: ({ row }) => <CellText text={row.original.receivedFrom} narrow={narrowCell} />,
          }),
        ]
      : []),
    // Pinned right beside the actions (`use-overview-table-state.ts`), at a fixed width.
    column('releaseStatus', {
      ...pinnedWidth(130, { edge: 'right' }),
      Cell: ({ row }) => <ReleaseStatusChip status={row.original.releaseStatus} />,
    }),
    column('transferStatus', {
      ...pinnedWidth(118, { wrap: true }),
      Cell: ({ row }) => <TransferStatusText status={row.original.transferStatus} />,
    }),
    // Releases spec §3 "greenLights", §4 "Traffic light": behind canGreenLights.
    ...greenLightColumns(t, features, none),
    column('transferTo', {
      Cell: ({ row }) =>
        seesTransferInfo(features) ? (
          <CellText text={row.original.transferTo} narrow={narrowCell} />
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
