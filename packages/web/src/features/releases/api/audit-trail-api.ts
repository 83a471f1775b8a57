import { servicePaths, type AuditTrailAnswer, type AuditTrailEntry } from '@scr/domain';
import { api } from '../../../api/client.ts';

/** The audit trail call of the releases API (releases spec §7 `audit-trail` create). */
export interface AuditTrailCalls {
  /** Every ledger event of these releases (at most 500), by release and then by sequence. */
  auditTrail(releaseAddresses: readonly string[]): Promise<AuditTrailEntry[]>;
}

export const httpAuditTrailCalls: AuditTrailCalls = {
  auditTrail: async (releaseAddresses) => {
    const answer = (await api
      .service(servicePaths.auditTrail)
      .create({ releaseAddresses: [...releaseAddresses], includeadr: true })) as AuditTrailAnswer;
    return answer.data;
  },
};
