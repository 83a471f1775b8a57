import { servicePaths } from '@scr/domain';

/** Path and methods of the next mode of transport (releases spec §7: `nmots` create). */
export const nmotsPath = servicePaths.nmots;

export const nmotsMethods = ['create'] as const;

export type { NmotAnswer, NmotRequest } from '@scr/domain';
