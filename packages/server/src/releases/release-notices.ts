import type { ReleaseNoticePayload } from '@scr/domain';
import type { Knex } from 'knex';

/** Who acted, as the commands know it. */
export interface NoticeActor {
  organizationId: number;
  userId: number | null;
}

/**
 * A notice (domain `ReleaseNoticePayload`, what the web reads: releases spec §4 "Live
 * notifications") and the organisations (by id) whose channels it goes to.
 */
export interface ReleaseNotice extends ReleaseNoticePayload {
  organizationIds: number[];
  /** The acting organisation and user; only that organisation's notices name the user. */
  actor?: NoticeActor | null;
}

/** Notices by release address, as commands leave them in `params.releaseNotices`. */
export type ReleaseNotices = Record<string, ReleaseNotice>;

declare module '@feathersjs/feathers' {
  interface Params {
    /** Left by a release command for the channel publisher (plain JSON: feathers-sync carries it). */
    releaseNotices?: ReleaseNotices;
  }
}

/**
 * The notices of some changed releases: to every organisation with a party row (the carrier
 * included), read after the change so a new party is told too; with the actor when known.
 */
export async function releaseNotices(
  db: Knex | Knex.Transaction,
  releaseIds: readonly (number | string)[],
  operation: string,
  actor: NoticeActor | null = null,
): Promise<ReleaseNotices> {
  const notices: ReleaseNotices = {};
  const actingOrganization: { address: string; name: string } | undefined = actor
    ? await db('organizations').where({ id: actor.organizationId }).first('address', 'name')
    : undefined;
  const by = actingOrganization
    ? { organizationAddress: actingOrganization.address, organizationName: actingOrganization.name }
    : null;
  for (let i = 0; i < releaseIds.length; i += 1000) {
    const rows = await db('releases as r')
      .join('bills_of_lading as bl', 'bl.id', 'r.bill_of_lading_id')
      .join('release_parties as p', 'p.release_id', 'r.id')
      .join('organizations as o', 'o.id', 'p.organization_id')
      .whereIn('r.id', releaseIds.slice(i, i + 1000))
      .where('p.active', true)
      .select(
        'r.address',
        'bl.bl_number',
        'r.container_number',
        'o.id as org_id',
        'o.address as org_address',
      );
    for (const row of rows) {
      const notice = (notices[row.address] ??= {
        address: row.address,
        blNumber: row.bl_number,
        containerNumber: row.container_number,
        operation,
        organizationAddresses: [],
        by,
        organizationIds: [],
        actor: by ? actor : null,
      });
      if (!notice.organizationIds.includes(row.org_id)) {
        notice.organizationIds.push(row.org_id);
        notice.organizationAddresses.push(row.org_address);
      }
    }
  }
  return notices;
}

/**
 * The payload a notice publishes: without the organisation ids; the acting user is named only
 * to the acting organisation (`forOrganizationId`), whose users it is.
 */
export function noticePayload(
  { organizationIds: _ids, actor, ...payload }: ReleaseNotice,
  forOrganizationId?: number,
): ReleaseNoticePayload {
  if (!payload.by || !actor?.userId || forOrganizationId !== actor.organizationId) return payload;
  return { ...payload, by: { ...payload.by, userId: actor.userId } };
}

/**
 * Publishes notices of a change made outside the `releases` service (a custody action) as
 * `releases patched` events, so the same channel rule sends each to its chain only.
 */
export function publishNotices(
  app: { service(path: 'releases'): { emit(event: string, ...args: unknown[]): boolean } },
  notices: ReleaseNotices,
): void {
  const service = app.service('releases');
  for (const notice of Object.values(notices)) {
    // `path` names the socket event (`releases patched`), as for the service's own events.
    service.emit('patched', noticePayload(notice), {
      path: 'releases',
      params: { releaseNotices: { [notice.address]: notice } },
    });
  }
}
