import type { ContainerRow, Features } from '@scr/domain';
import type { TFunction } from 'i18next';
import type { MRT_ColumnDef } from 'material-react-table';
import type { ReactNode } from 'react';
import { TrafficLight } from './traffic-light.tsx';

/**
 * The traffic-light column of the container view (releases spec §3 "greenLights", §4 "Traffic
 * light"), behind canGreenLights (§6). The server sends the lights only where domain
 * `showsGreenLights` says they are shown (BEANR, not CSP120, K420, 120, 420).
 */
export function greenLightColumns(
  t: TFunction,
  features: Pick<Features, 'canGreenLights'>,
  none: ReactNode,
): MRT_ColumnDef<ContainerRow>[] {
  if (!features.canGreenLights) return [];
  return [
    {
      id: 'greenLights',
      header: t('releases.columns.greenLights'),
      enableSorting: false,
      Cell: ({ row }) =>
        row.original.greenLights ? <TrafficLight lights={row.original.greenLights} /> : none,
    },
  ];
}
