import type { Id, Params } from '@feathersjs/feathers';
import { auditTrailReach, type AuditTrailAnswer, type AuditTrailRequest } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { readAuditTrail } from '../../ledger/audit-trail.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';

/**
 * The audit trail (releases spec §2 "Audit trail dialog", §3, §7): the ledger events of
 * releases in the caller's chain, each with whether it verifies. Releases outside the chain
 * do not exist here (DESIGN §3 "Tenancy"): `get` answers 404, `create` leaves them out.
 */
export class AuditTrailService {
  constructor(private readonly app: Application) {}

  async create(data: AuditTrailRequest, params: Params = {}): Promise<AuditTrailAnswer> {
    return { data: await this.trail(data.releaseAddresses, params) };
  }

  async get(id: Id, params: Params = {}): Promise<AuditTrailAnswer> {
    const data = await this.trail([String(id)], params);
    if (data.length === 0) throw appError('not_found');
    return { data };
  }

  private trail(releaseAddresses: readonly string[], params: Params) {
    const actor = releaseActorOf(params);
    return readAuditTrail(this.app.get('knex'), {
      organizationId: actor.organizationId,
      releaseAddresses,
      serverAddress: this.app.get('serverKey').address,
      reach: auditTrailReach(actor.organizationRole),
    });
  }
}
