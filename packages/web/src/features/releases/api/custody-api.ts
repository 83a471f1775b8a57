import type {
  CustodyAction,
  CustodyApplyAnswer,
  CustodyApplyRequest,
  CustodyDryRunAnswer,
  CustodyDryRunRequest,
  PincodeLogEntry,
} from '@scr/domain';
import { authorizedJson } from '../../../api/authorized.ts';

/** An organisation with a finalised connection to the caller: a transfer's possible target. */
export interface ConnectedOrganization {
  id: number;
  name: string;
  address: string;
  sealingPublicKey: string | null;
  streetNumber?: string | null;
  postalCode?: string | null;
  city?: string | null;
  reference?: string | null;
  customerReference?: string | null;
}

/** The second call's answer; `pincode-log` adds each release's sealed copy or why not. */
export type CustodyApplyResult = CustodyApplyAnswer & { data?: PincodeLogEntry[] };

/** The custody calls of the releases API (releases spec §7; DESIGN §3 "Pincodes, end to end"). */
export interface CustodyCalls {
  /** First call: what is eligible, at which version, with which pincode hash. */
  custodyDryRun(action: CustodyAction, request: CustodyDryRunRequest): Promise<CustodyDryRunAnswer>;
  /** Second call: the signed statement over exactly the releases it names. */
  custodyApply(action: CustodyAction, request: CustodyApplyRequest): Promise<CustodyApplyResult>;
  /** The organisations a transfer may go to (finalised connections, both ways). */
  findConnections(): Promise<ConnectedOrganization[]>;
}

/** Each action's service: the plural of the type, and `pincode-log` for fetching pincodes. */
export const custodyServicePaths: Record<CustodyAction, string> = {
  transfer: '/transfers',
  revoke: '/revokes',
  block: '/blocks',
  unblock: '/unblocks',
  pincode: '/pincode-log',
};

export const httpCustodyCalls: CustodyCalls = {
  custodyDryRun: (action, request) =>
    authorizedJson(custodyServicePaths[action], { method: 'POST', body: request }),
  custodyApply: (action, request) =>
    authorizedJson(custodyServicePaths[action], { method: 'POST', body: request }),
  findConnections: async () => {
    const own = await authorizedJson<{ connections?: ConnectedOrganization[] }>('/organizations/0');
    return own?.connections ?? [];
  },
};
