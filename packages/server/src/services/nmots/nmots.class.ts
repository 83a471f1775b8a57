import type { Params } from '@feathersjs/feathers';
import { nmotPermission, type NmotAnswer, type NmotRequest } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import { setNextModeOfTransport } from '../../releases/set-next-mode-of-transport.ts';

/**
 * `nmots` (releases spec §7): create sets the next mode of transport (truck, barge, rail,
 * unknown) of the releases the caller owns, behind canNmot (§6); answers what it set and what
 * it refused, per release.
 */
export class NmotsService {
  constructor(private readonly app: Application) {}

  async create(data: NmotRequest, params: Params = {}): Promise<NmotAnswer> {
    const actor = releaseActorOf(params);
    const features = params.user?.features;
    if (!features) throw appError('not_authenticated');
    const permission = nmotPermission(actor.organizationRole, features);
    if (permission === 'forbidden') throw appError('forbidden');
    if (permission === 'subscriptionRequired') throw appError('subscription_required');
    return inTransaction(this.app.get('knex'), (trx) =>
      setNextModeOfTransport(
        trx,
        this.app.get('serverKey'),
        actor,
        data.releases,
        data.modeOfTransport,
      ),
    );
  }
}
