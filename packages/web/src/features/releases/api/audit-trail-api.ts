import type { AuditTrailAnswer, AuditTrailEntry } from '@scr/domain';
import { authorizedJson } from '../../../api/authorized.ts';

/** The audit trail call of the releases API (releases spec §7 `audit-trail` create). */
export interface AuditTrailCalls {
  /** Every ledger event of these releases (at most 500), by release and then by sequence. */
  auditTrail(releaseAddresses: readonly string[]): Promise<AuditTrailEntry[]>;
}

export const httpAuditTrailCalls: AuditTrailCalls = {
  auditTrail: async (releaseAddresses) => {
    const answer = await authorizedJson<AuditTrailAnswer>('/audit-trail', {
      method: 'POST',
      body: { releaseAddresses, includeadr: true },
    });
    return answer.data;
  },
};
