import { toLanguage } from '@scr/domain';
import type { Knex } from 'knex';
import { custodyMail, type CustodyMailAction } from './custody-templates.ts';
import { outboxTable } from './outbox.ts';

export { custodyMailListLimit } from './custody-templates.ts';

export interface CustodyMailInput {
  action: CustodyMailAction;
  /** The organisation that acted. */
  actorOrganizationId: number;
  /** transfer: the receiver; revoke: the organisation the release was taken back from. */
  targetOrganizationId: number | null;
  /** The organisations concerned (the chain's parties before and after the action), actor excluded by the function. */
  organizationIds: number[];
  /** The releases changed: for listing BL and container numbers in the mail (at most 50 listed, then "and N more"). */
  releases: { blNumber: string; containerNumber: string }[];
}

interface Recipient {
  email: string;
  first_name: string;
  language: string | null;
  actor_name: string | null;
  target_name: string | null;
}

/**
 * Enqueues, in the caller's transaction, one mail per user who chose it (releases spec §4
 * "Live notifications": the e-mail half; the live event goes through `channels.ts`).
 *
 * - transfer: the active users of the receiving organisation (`targetOrganizationId`) whose
 *   preferences have `release_transfer_email`;
 * - revoke, block, unblock: the active users of every organisation in `organizationIds` whose
 *   preferences have `release_update_email`.
 *
 * Only users who chose it are mailed: a user WITHOUT a `preferences` row is never mailed, even
 * though `release_update_email` defaults to true — the column defaults only apply once the user
 * has saved their preferences. The acting organisation's own users are never mailed.
 *
 * One mail per user and action, whatever the number of releases, in the user's preferred
 * language (the preferences' one, else the user's, else English). One query finds the
 * recipients (with the organisations' names) and one insert queues every mail, so a transfer
 * of 1,000 releases costs two statements. Answers the number of mails queued.
 *
 * `portalUrl` is the portal's public address (config `publicUrl`); given, the mail links to its
 * releases page.
 */
export async function enqueueCustodyMails(
  trx: Knex.Transaction,
  input: CustodyMailInput,
  portalUrl?: string | null,
): Promise<number> {
  if (input.releases.length === 0) return 0;
  if (input.action === 'transfer' && input.targetOrganizationId === null) {
    throw new Error('A transfer names the organisation it transfers to.');
  }
  const organizationIds = (
    input.action === 'transfer'
      ? [input.targetOrganizationId!]
      : [...new Set(input.organizationIds)]
  ).filter((id) => id !== input.actorOrganizationId);
  if (organizationIds.length === 0) return 0;

  const flag = input.action === 'transfer' ? 'release_transfer_email' : 'release_update_email';
  const nameOf = (id: number | null) =>
    trx('organizations')
      .select('name')
      .where({ id: id ?? -1 })
      .limit(1);
  const recipients: Recipient[] = await trx('users as u')
    .join('preferences as p', 'p.user_id', 'u.id')
    .whereIn('u.organization_id', organizationIds)
    .where('u.is_active', true)
    .where(`p.${flag}`, true)
    .orderBy('u.id')
    .select(
      'u.email',
      'u.first_name',
      trx.raw('coalesce(p.preferred_language, u.preferred_language) as language'),
      nameOf(input.actorOrganizationId).as('actor_name'),
      nameOf(input.action === 'revoke' ? input.targetOrganizationId : null).as('target_name'),
    );
  if (recipients.length === 0) return 0;

  const releasesUrl = portalUrl ? `${portalUrl.replace(/\/+$/, '')}/releases` : null;
  await trx(outboxTable).insert(
    recipients.map((recipient) => ({
      topic: 'mail',
      payload: JSON.stringify(
        custodyMail(recipient.email, toLanguage(recipient.language), {
          name: recipient.first_name,
          action: input.action,
          actor: recipient.actor_name ?? '',
          target: recipient.target_name,
          releases: input.releases,
          releasesUrl,
        }),
      ),
    })),
  );
  return recipients.length;
}
