import type { Id, Params } from '@feathersjs/feathers';
import { Type } from '@feathersjs/typebox';
import {
  servicePaths,
  featureFlags,
  featuresFor,
  type FeatureFlag,
  type FeatureOverridesPatch,
  type OrganizationFeaturesView,
} from '@scr/domain';
import type { Knex } from 'knex';
import { authorize } from '../../auth/admin-policy.ts';
import { requireSession } from '../../auth/hooks.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody } from '../../kit/validation.ts';

export const organizationFeaturesPath = servicePaths.organizationFeatures;

/** Per flag: true or false sets an override, null clears it (the plans decide again). */
export const featureOverridesPatchSchema = Type.Object(
  Object.fromEntries(
    featureFlags.map((flag) => [flag, Type.Optional(Type.Union([Type.Boolean(), Type.Null()]))]),
  ),
  { additionalProperties: false, minProperties: 1 },
);
export type { FeatureOverridesPatch, OrganizationFeaturesView };

/**
 * `organization-features` (support only): `GET /api/organization-features/{organizationId}` and
 * `PATCH` with `{canDashboard: true, canNmot: null, …}` to set or clear overrides.
 */
export class OrganizationFeaturesService {
  constructor(private readonly app: Application) {}

  async get(id: Id, params: Params = {}): Promise<OrganizationFeaturesView> {
    authorize(params, 'feature.manage');
    return this.view(this.app.get('knex'), Number(id));
  }

  async patch(id: Id | null, data: FeatureOverridesPatch, params: Params = {}) {
    authorize(params, 'feature.manage');
    const organizationId = Number(id);
    return inTransaction(this.app.get('knex'), async (trx) => {
      await this.view(trx, organizationId);
      for (const [feature, enabled] of Object.entries(data)) {
        const key = { organization_id: organizationId, feature };
        if (enabled === null || enabled === undefined) {
          await trx('organization_features').where(key).delete();
        } else {
          await trx('organization_features')
            .insert({ ...key, enabled })
            .onConflict(['organization_id', 'feature'])
            .merge(['enabled']);
        }
      }
      return this.view(trx, organizationId);
    });
  }

  private async view(db: Knex | Knex.Transaction, organizationId: number) {
    const organization = Number.isSafeInteger(organizationId)
      ? await db('organizations').where({ id: organizationId }).first('id')
      : undefined;
    if (!organization) throw appError('not_found');
    const [overrideRows, subscriptionRows] = await Promise.all([
      db('organization_features').where({ organization_id: organizationId }),
      db('subscriptions').where({ organization_id: organizationId }),
    ]);
    const overrides = overrideRows.map((row) => ({
      feature: row.feature as FeatureFlag,
      enabled: row.enabled as boolean,
    }));
    const subscriptions = subscriptionRows.map((row) => ({
      subscriptionId: row.subscription_id,
      startDate: row.start_date,
      endDate: row.end_date,
    }));
    return {
      organizationId,
      overrides: Object.fromEntries(overrides.map((o) => [o.feature, o.enabled])),
      features: featuresFor(subscriptions, overrides),
    };
  }
}

export function organizationFeatures(app: Application): void {
  app.use(organizationFeaturesPath, new OrganizationFeaturesService(app), {
    methods: ['get', 'patch'],
    events: [],
  });
  app.service(organizationFeaturesPath).hooks({
    around: {
      all: [requireSession],
      patch: [validateBody(featureOverridesPatchSchema)],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [organizationFeaturesPath]: OrganizationFeaturesService;
  }
}
