import {
  mailedOrganizations,
  mayUseReleaseFeature,
  planReleaseMails,
  savedGrouping,
  toLanguage,
  type ReleaseMailAction,
  type ReleaseMailChange,
  type ReleaseMailUser,
} from '@scr/domain';
import type { Knex } from 'knex';
import { organizationFeatures } from '../auth/organization-features.ts';
import { releaseNotices, type ReleaseNotices } from '../releases/release-notices.ts';
import { outboxTable } from './outbox.ts';
import { releaseMail } from './release-mail-template.ts';

export type { ReleaseMailChange };

interface Candidate extends ReleaseMailUser {
  email: string;
  firstName: string;
  language: string | null;
}

/** Rows per insert into the outbox: a transfer of 1,000 releases per container is many e-mails. */
const insertChunk = 500;

/**
 * Queues, in the caller's transaction, the e-mail of one change of releases (access spec §2
 * "Settings", releases spec §4 "Live notifications": the e-mail half; the live event goes
 * through `channels.ts`). Domain `planReleaseMails` decides who gets what: a transfer, the
 * receiving organisation's users with transfer e-mail on; any other change, the users of every
 * organisation of each release's chain with update e-mail on. A user who never saved a
 * preference has the spec's defaults (transfer off, update on). Never the actor's own users.
 * One e-mail per container, or per BL for users who chose it and whose organisation has
 * canNotifyPerBl, in each user's language (the preferences' one, else the user's).
 *
 * `portalUrl` is the portal's public address (config `publicUrl`); given, the mail links to its
 * releases page. Answers the number of e-mails queued.
 */
export async function enqueueReleaseMails(
  trx: Knex.Transaction,
  change: ReleaseMailChange,
  portalUrl?: string | null,
): Promise<number> {
  if (change.action === 'transfer' && change.targetOrganizationId === null) {
    throw new Error('A transfer names the organisation it transfers to.');
  }
  const organizationIds = [
    ...new Set(change.releases.flatMap((release) => mailedOrganizations(change, release))),
  ];
  if (organizationIds.length === 0) return 0;

  const rows = await trx('users as u')
    .leftJoin('preferences as p', 'p.user_id', 'u.id')
    .whereIn('u.organization_id', organizationIds)
    .where('u.is_active', true)
    .orderBy('u.id')
    .select(
      'u.organization_id',
      'u.email',
      'u.first_name',
      trx.raw('coalesce(p.preferred_language, u.preferred_language) as language'),
      'p.user_id as saved',
      'p.release_transfer_email',
      'p.release_update_email',
      'p.options',
    );
  const perBl = await notifyPerBl(
    trx,
    rows
      .filter((row) => [row.options?.transferred, row.options?.updated].includes('bl'))
      .map((row) => row.organization_id as number),
  );
  const candidates: Candidate[] = rows.map((row) => ({
    organizationId: row.organization_id,
    email: row.email,
    firstName: row.first_name,
    language: row.language,
    mayNotifyPerBl: perBl.has(row.organization_id),
    settings:
      row.saved === null
        ? null
        : {
            releaseTransferEmail: row.release_transfer_email,
            releaseUpdateEmail: row.release_update_email,
            transferred: savedGrouping(row.options?.transferred),
            updated: savedGrouping(row.options?.updated),
          },
  }));
  const planned = planReleaseMails(change, candidates);
  if (planned.length === 0) return 0;

  const names = await organizationNames(trx, [
    change.actorOrganizationId,
    change.targetOrganizationId,
  ]);
  const releasesUrl = portalUrl ? `${portalUrl.replace(/\/+$/, '')}/releases` : null;
  const target = change.action === 'revoke' ? change.targetOrganizationId : null;
  const payloads = planned.map(({ user, grouping, releases }) => ({
    topic: 'mail',
    lane: 'mail',
    payload: JSON.stringify(
      releaseMail(user.email, toLanguage(user.language), {
        name: user.firstName,
        action: change.action,
        grouping,
        actor: names.get(change.actorOrganizationId) ?? '',
        target: target === null ? null : (names.get(target) ?? null),
        releases,
        releasesUrl,
      }),
    ),
  }));
  for (let i = 0; i < payloads.length; i += insertChunk) {
    await trx(outboxTable).insert(payloads.slice(i, i + insertChunk));
  }
  return payloads.length;
}

/**
 * The e-mail of an update of some releases (edit, delete, gate-out…) by their ids: to the
 * parties of each release's chain as they stand now (`releaseNotices`), the actor's excepted.
 * Answers the notices, for the caller to publish after the commit.
 */
export async function enqueueReleaseUpdateMails(
  trx: Knex.Transaction,
  change: {
    action: Exclude<ReleaseMailAction, 'transfer'>;
    actorOrganizationId: number;
    releaseIds: readonly (number | string)[];
  },
  portalUrl?: string | null,
): Promise<ReleaseNotices> {
  const notices = await releaseNotices(trx, change.releaseIds, change.action, {
    organizationId: change.actorOrganizationId,
    userId: null,
  });
  await enqueueReleaseMails(
    trx,
    {
      action: change.action,
      actorOrganizationId: change.actorOrganizationId,
      targetOrganizationId: null,
      releases: Object.values(notices),
    },
    portalUrl,
  );
  return notices;
}

/** The organisations (of those given) whose features include canNotifyPerBl today. */
async function notifyPerBl(db: Knex.Transaction, organizationIds: number[]): Promise<Set<number>> {
  const allowed = new Set<number>();
  for (const id of new Set(organizationIds)) {
    if (mayUseReleaseFeature('notifyPerBl', await organizationFeatures(db, id))) allowed.add(id);
  }
  return allowed;
}

async function organizationNames(db: Knex.Transaction, ids: (number | null)[]) {
  const known = ids.filter((id): id is number => id !== null);
  const rows: { id: number; name: string }[] = await db('organizations')
    .whereIn('id', known)
    .select('id', 'name');
  return new Map(rows.map((row) => [row.id, row.name]));
}
