import type { Knex } from 'knex';

/**
 * The feature flags as they stood when this migration was written. A new flag in domain's
 * `featureFlags` needs a new migration that widens the check (a test compares the two lists).
 */
export const featureFlagsAtMigration0002 = [
  'canFetchPincode',
  'canGreenLights',
  'canSeeTransferInfo',
  'canSkipInitialLoad',
  'canBulkOperations',
  'canTransferRevoke',
  'canNmot',
  'canAssignDriver',
  'canAssignBarge',
  'canAssignTrain',
  'canRequestForRelease',
  'canDashboard',
  'canContainerView',
  'canAuditTrail',
  'canNotifyPerBl',
  'canDocuments',
];

/** Subscriptions to plans (access spec §3, §9) and per-organisation feature flags. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('subscriptions', (t) => {
    t.increments('id');
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    // The plan: 1, 2 ID wallet; 3 SCR API; 4 Premium; 5 Premium free trial; 10 Basic/Freemium;
    // 11 carries, in its remark, the carriers an organisation may request releases from.
    t.integer('subscription_id').notNullable();
    t.date('start_date').notNullable();
    t.date('end_date');
    t.text('remark');
    t.index(['organization_id']);
    t.check('subscription_id in (1, 2, 3, 4, 5, 10, 11)', [], 'subscriptions_plan');
    t.check('end_date is null or end_date >= start_date', [], 'subscriptions_period');
  });

  const flags = featureFlagsAtMigration0002.map((flag) => `'${flag}'`).join(', ');
  await knex.schema.createTable('organization_features', (t) => {
    t.integer('organization_id').notNullable().references('organizations.id').onDelete('CASCADE');
    t.text('feature').notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    t.primary(['organization_id', 'feature']);
    t.check(`feature in (${flags})`, [], 'organization_features_feature');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('organization_features');
  await knex.schema.dropTable('subscriptions');
}
