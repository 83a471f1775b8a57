import type { Params } from '@feathersjs/feathers';
import {
  auditTrailReach,
  containerNumberProblem,
  maxAuditTrailReleases,
  maxBlNumberLength,
  normalizeContainerNumber,
  referenceOk,
  type EvidenceBundle,
  type EvidenceScope,
} from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { exportEvidence } from '../../ledger/evidence-export.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';

/**
 * The most releases one bundle holds (the audit trail's 500, as `evidence_too_many_releases`
 * says): a larger BL is exported container by container.
 */
export const maxEvidenceReleases = maxAuditTrailReleases;

/** The scope a query asks for: one container number or one BL number, well formed. */
export function evidenceScopeOf(query: {
  containerNumber?: string;
  blNumber?: string;
}): EvidenceScope {
  const containerNumber = query.containerNumber?.trim() ?? '';
  const blNumber = query.blNumber?.trim() ?? '';
  if ((containerNumber === '') === (blNumber === '')) throw appError('evidence_scope_required');
  if (containerNumber !== '') {
    if (containerNumberProblem(containerNumber)) {
      throw appError('evidence_container_number_invalid');
    }
    return { containerNumber: normalizeContainerNumber(containerNumber) };
  }
  if (!referenceOk(blNumber, maxBlNumberLength)) throw appError('evidence_bl_number_invalid');
  return { blNumber };
}

/**
 * `ledger/evidence` find (docs/ledger.md, "Evidence bundles"): the evidence bundle of a container
 * or a BL, of the releases whose audit trail the caller's organisation may read (DESIGN §3
 * "Tenancy"); none, whether none exists or none is the caller's, answers `evidence_not_found`
 * alike.
 */
export class EvidenceService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<EvidenceBundle> {
    const actor = releaseActorOf(params);
    const scope = evidenceScopeOf((params.query ?? {}) as Record<string, string>);
    const answer = await exportEvidence(this.app.get('knex'), {
      organizationId: actor.organizationId,
      reach: auditTrailReach(actor.organizationRole),
      scope,
      serverKey: this.app.get('serverKey'),
      maxReleases: maxEvidenceReleases,
      logNow: async () => (await this.app.get('ledgerSequencer')?.runNowOrAfter()) ?? false,
    });
    if ('bundle' in answer) return answer.bundle;
    throw appError(
      answer.refused === 'not_found'
        ? 'evidence_not_found'
        : answer.refused === 'too_many'
          ? 'evidence_too_many_releases'
          : 'evidence_not_logged',
    );
  }
}
