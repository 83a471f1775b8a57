import {
  servicePaths,
  type Barge,
  type BargeInput,
  type BargePatch,
  type Driver,
  type DriverInput,
  type DriverPatch,
  type Train,
  type TrainInput,
  type TrainPatch,
  type TransporterCreateAnswer,
  type TransporterPatchAnswer,
  type TransporterType,
} from '@scr/domain';
import { api } from '../../api/client.ts';

/** Each kind's row, create body and patch body (access spec §7 "Transporters"). */
export interface TransporterShapes {
  driver: { row: Driver; input: DriverInput; patch: DriverPatch };
  barge: { row: Barge; input: BargeInput; patch: BargePatch };
  train: { row: Train; input: TrainInput; patch: TrainPatch };
}

const paths = {
  driver: servicePaths.drivers,
  barge: servicePaths.barges,
  train: servicePaths.trains,
} as const satisfies Record<TransporterType, string>;

/** The query key of a kind's list (`['transporters', type, isActive]`). */
export const transporterKeys = {
  all: ['transporters'] as const,
  of: (type: TransporterType) => ['transporters', type] as const,
  list: (type: TransporterType, isActive: boolean) => ['transporters', type, isActive] as const,
};

/** `GET drivers|barges|trains?is_active=`: the organisation's active or inactive ones. */
export function listTransporters<K extends TransporterType>(
  type: K,
  isActive: boolean,
): Promise<TransporterShapes[K]['row'][]> {
  return api.service(paths[type]).find({ query: { is_active: isActive } });
}

/** `POST drivers|barges|trains`: `isNew` false asks to confirm a duplicate (access spec §4). */
export function createTransporter<K extends TransporterType>(
  type: K,
  input: TransporterShapes[K]['input'],
): Promise<TransporterCreateAnswer<TransporterShapes[K]['row']>> {
  return api.service(paths[type]).create(input);
}

/** `PATCH drivers|barges|trains/:id`; the answer lists the releases it unassigned. */
export function patchTransporter<K extends TransporterType>(
  type: K,
  id: number,
  patch: TransporterShapes[K]['patch'],
): Promise<TransporterPatchAnswer<TransporterShapes[K]['row']>> {
  return api.service(paths[type]).patch(id, patch);
}
