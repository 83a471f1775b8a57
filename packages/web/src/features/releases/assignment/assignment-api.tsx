import {
  servicePaths,
  type AssignableTransporter,
  type AssignmentCheck,
  type AssignmentInfo,
  type Barge,
  type Driver,
  type Train,
  type TransporterType,
} from '@scr/domain';
import { createContext, useContext, type ReactNode } from 'react';
import { api } from '../../../api/client.ts';
import { listTransporters } from '../../transporters/index.ts';

/** One active driver, barge or train as the assignment dialog lists it. */
export interface TransporterChoice {
  key: string;
  id: number;
  name: string;
  /** What the list shows beside the name (alfaPass, itsme, ENI number, train code). */
  details: string;
  /** Its identifiers, for domain `chooseIdentification` (releases spec §5). */
  identifiers: AssignableTransporter;
}

/**
 * The assignment calls (releases spec §7 `releases/assignment/info` and `/check`, PUT; the
 * organisation's active drivers, barges and trains), behind one interface so tests put a fake
 * in its place (`AssignmentApiProvider`). Assign and unassign themselves are custody calls.
 */
export interface AssignmentCalls {
  info(releaseAddresses: readonly string[]): Promise<AssignmentInfo>;
  check(releaseAddresses: readonly string[]): Promise<AssignmentCheck>;
  activeTransporters(type: TransporterType): Promise<TransporterChoice[]>;
}

/** A driver, barge or train row as a choice of the dialog. */
export function transporterChoice(
  type: TransporterType,
  row: Driver | Barge | Train,
): TransporterChoice {
  if (type === 'driver') {
    const driver = row as Driver;
    return {
      key: `driver:${driver.id}`,
      id: driver.id,
      name: driver.name || `${driver.firstName} ${driver.lastName}`,
      details: [driver.alfaPass, driver.itsmeCode ? 'itsme' : null].filter(Boolean).join(' · '),
      identifiers: { type: 'driver', alfaPass: driver.alfaPass, itsmeCode: driver.itsmeCode },
    };
  }
  if (type === 'barge') {
    const barge = row as Barge;
    return {
      key: `barge:${barge.id}`,
      id: barge.id,
      name: barge.name,
      details: barge.eniNumber,
      identifiers: { type: 'barge', eniNumber: barge.eniNumber },
    };
  }
  const train = row as Train;
  return {
    key: `train:${train.id}`,
    id: train.id,
    name: train.name,
    details: train.trainCode,
    identifiers: { type: 'train', trainCode: train.trainCode },
  };
}

export const httpAssignmentCalls: AssignmentCalls = {
  info: (releaseAddresses) =>
    api.service(servicePaths.assignmentInfo).update(null, {
      releaseAddresses: [...releaseAddresses],
    }) as unknown as Promise<AssignmentInfo>,
  check: (releaseAddresses) =>
    api.service(servicePaths.assignmentCheck).update(null, {
      releaseAddresses: [...releaseAddresses],
    }) as unknown as Promise<AssignmentCheck>,
  activeTransporters: async (type) =>
    ((await listTransporters(type, true)) as (Driver | Barge | Train)[]).map((row) =>
      transporterChoice(type, row),
    ),
};

const AssignmentApiContext = createContext<AssignmentCalls>(httpAssignmentCalls);

/** Puts an assignment API (a fake, in tests) under the dialogs. */
export function AssignmentApiProvider(props: { api: AssignmentCalls; children: ReactNode }) {
  return (
    <AssignmentApiContext.Provider value={props.api}>
      {props.children}
    </AssignmentApiContext.Provider>
  );
}

export const useAssignmentApi = () => useContext(AssignmentApiContext);

/** Query keys of the assignment reads. */
export const assignmentKeys = {
  all: ['assignment'] as const,
  info: (addresses: readonly string[]) => ['assignment', 'info', [...addresses].sort()] as const,
  check: (addresses: readonly string[]) => ['assignment', 'check', [...addresses].sort()] as const,
  active: (type: TransporterType) => ['transporters', type, true, 'choices'] as const,
};
