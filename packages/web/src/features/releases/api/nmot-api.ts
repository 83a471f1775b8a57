import { servicePaths, type NmotAnswer, type NmotRequest } from '@scr/domain';
import { api } from '../../../api/client.ts';

/** The next mode of transport (releases spec §7 `nmots` create). */
export interface NmotCalls {
  setNextModeOfTransport(request: NmotRequest): Promise<NmotAnswer>;
}

export const httpNmotCalls: NmotCalls = {
  setNextModeOfTransport: (request) =>
    api.service(servicePaths.nmots).create(request) as Promise<NmotAnswer>,
};
