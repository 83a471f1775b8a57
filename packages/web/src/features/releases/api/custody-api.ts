import {
  custodyCallMethod,
  custodyServicePaths,
  type CustodyAction,
  type CustodyApplyResult,
  type CustodyDryRunAnswer,
  type OrganizationLookup,
  servicePaths,
} from '@scr/domain';
import { api } from '../../../api/client.ts';
import type { CustodyActionCalls } from '../custody/custody-flow.ts';

/** The custody calls of the releases API (releases spec §7; DESIGN §3 "Pincodes, end to end"). */
export interface CustodyCalls extends CustodyActionCalls {
  /** The organisations a transfer may go to (finalised connections, both ways). */
  findConnections(): Promise<OrganizationLookup[]>;
}

/**
 * Each custody call: `create` on the plural service, except assign and unassign, which are
 * `PUT releases/assignment/assign` and `/unassign`, and the PCS actions, `PUT
 * releases/pcs/transferToPcs` and `revokeFromPcs` (releases spec §7), Feathers `update` without an id.
 */
function custodyCallOf(action: CustodyAction, request: object): Promise<unknown> {
  const service = api.service(custodyServicePaths[action]);
  return custodyCallMethod(action) === 'update'
    ? service.update(null, request)
    : service.create(request);
}

export const httpCustodyCalls: CustodyCalls = {
  custodyDryRun: (action, request) =>
    custodyCallOf(action, request) as Promise<CustodyDryRunAnswer>,
  custodyApply: (action, request) => custodyCallOf(action, request) as Promise<CustodyApplyResult>,
  findConnections: async () => {
    const own = (await api.service(servicePaths.organizations).get(0)) as {
      connections?: OrganizationLookup[];
    } | null;
    return own?.connections ?? [];
  },
};
