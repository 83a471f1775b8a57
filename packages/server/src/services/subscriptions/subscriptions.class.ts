import type { Id, Params } from '@feathersjs/feathers';
import { isSubscriptionActive, todayInBrussels } from '@scr/domain';
import { authorize } from '../../auth/admin-policy.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import type {
  SubscriptionCreate,
  SubscriptionPatch,
  SubscriptionView,
} from './subscriptions.schema.ts';
import type { DbRow } from '../../kit/db-row.ts';

function present(row: DbRow, today: string): SubscriptionView {
  const subscription = {
    subscriptionId: row.subscription_id,
    startDate: row.start_date,
    endDate: row.end_date,
  };
  return {
    id: row.id,
    organizationId: row.organization_id,
    ...subscription,
    remark: row.remark,
    active: isSubscriptionActive(subscription, today),
  };
}

const endBeforeStart = () =>
  appError('validation_failed', {
    message: 'The end date is before the start date.',
    fields: { endDate: 'validation.endBeforeStart' },
  });

/** `subscriptions` (access spec §3, §9): support lists, adds, edits and removes plans. */
export class SubscriptionsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<SubscriptionView[]> {
    authorize(params, 'subscription.manage');
    const rows = await this.app
      .get('knex')('subscriptions')
      .where({ organization_id: Number(params.query?.organizationId) })
      .orderBy([{ column: 'start_date', order: 'desc' }, 'id']);
    const today = todayInBrussels();
    return rows.map((row) => present(row, today));
  }

  async create(data: SubscriptionCreate, params: Params = {}): Promise<SubscriptionView> {
    authorize(params, 'subscription.manage');
    if (data.endDate && data.endDate < data.startDate) throw endBeforeStart();
    const knex = this.app.get('knex');
    const organization = await knex('organizations').where({ id: data.organizationId }).first('id');
    if (!organization) throw appError('not_found');
    const [row] = await knex('subscriptions')
      .insert({
        organization_id: data.organizationId,
        subscription_id: data.subscriptionId,
        start_date: data.startDate,
        end_date: data.endDate ?? null,
        remark: data.remark ?? null,
      })
      .returning('*');
    return present(row, todayInBrussels());
  }

  async patch(id: Id | null, data: SubscriptionPatch, params: Params = {}) {
    authorize(params, 'subscription.manage');
    return inTransaction(this.app.get('knex'), async (trx) => {
      const current = await this.row(trx, id);
      if (data.endDate && data.endDate < current.start_date) throw endBeforeStart();
      const changes: Record<string, unknown> = {};
      if (data.endDate !== undefined) changes.end_date = data.endDate;
      if (data.remark !== undefined) changes.remark = data.remark;
      const [row] = await trx('subscriptions')
        .where({ id: current.id })
        .update(changes)
        .returning('*');
      return present(row, todayInBrussels());
    });
  }

  async remove(id: Id | null, params: Params = {}): Promise<SubscriptionView> {
    authorize(params, 'subscription.manage');
    return inTransaction(this.app.get('knex'), async (trx) => {
      const current = await this.row(trx, id);
      await trx('subscriptions').where({ id: current.id }).delete();
      return present(current, todayInBrussels());
    });
  }

  private async row(db: Parameters<typeof inTransaction>[0], id: Id | null) {
    const subscriptionId = Number(id);
    const row = Number.isSafeInteger(subscriptionId)
      ? await db('subscriptions').where({ id: subscriptionId }).forUpdate().first()
      : undefined;
    if (!row) throw appError('not_found');
    return row;
  }
}
