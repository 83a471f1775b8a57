import {
  servicePaths,
  type AuditTrailAnswer,
  type AuditTrailEntry,
  type EvidenceBundle,
  type EvidenceScope,
} from '@scr/domain';
import { api } from '../../../api/client.ts';

/** The audit trail calls of the releases API (releases spec §7 `audit-trail` create). */
export interface AuditTrailCalls {
  /** Every ledger event of these releases (at most 500), by release and then by sequence. */
  auditTrail(releaseAddresses: readonly string[]): Promise<AuditTrailEntry[]>;
  /** The evidence bundle of one container or one BL (docs/ledger.md, "Evidence bundles"). */
  evidenceBundle(scope: EvidenceScope): Promise<EvidenceBundle>;
}

export const httpAuditTrailCalls: AuditTrailCalls = {
  auditTrail: async (releaseAddresses) => {
    const answer = (await api
      .service(servicePaths.auditTrail)
      .create({ releaseAddresses: [...releaseAddresses], includeadr: true })) as AuditTrailAnswer;
    return answer.data;
  },
  evidenceBundle: async (scope) =>
    (await api.service(servicePaths.ledgerEvidence).find({ query: scope })) as EvidenceBundle,
};
