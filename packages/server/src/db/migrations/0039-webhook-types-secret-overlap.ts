import type { Knex } from 'knex';

/**
 * Webhooks that say what happened, and a secret that can be rotated without failed deliveries
 * (README, "Webhooks").
 *
 * - The event types `unblocked`, `deleted` and `unassigned` come apart from `blocked`, `updated`
 *   and `assigned`, which they were delivered as. An endpoint that took the old type is given the
 *   new one too, so it keeps hearing of everything it heard of before.
 * - `previous_secret`, until `previous_secret_until`: the secret a rotation replaced. While it is
 *   valid every delivery carries a signature under it beside the new one's.
 */
const split: [string, string][] = [
  ['blocked', 'unblocked'],
  ['updated', 'deleted'],
  ['assigned', 'unassigned'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.text('previous_secret');
    t.timestamp('previous_secret_until', { useTz: true });
  });
  for (const [was, added] of split) {
    await knex.raw(
      `update webhook_endpoints set event_types = event_types || to_jsonb(?::text)
        where event_types @> to_jsonb(?::text) and not event_types @> to_jsonb(?::text)`,
      [added, was, added],
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [, added] of split) {
    await knex.raw(`update webhook_endpoints set event_types = event_types - ?`, [added]);
  }
  await knex.schema.alterTable('webhook_endpoints', (t) => {
    t.dropColumn('previous_secret');
    t.dropColumn('previous_secret_until');
  });
}
