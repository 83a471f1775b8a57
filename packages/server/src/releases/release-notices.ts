import {
  maxReleasesPerNotice,
  NoticeBls,
  type ReleaseNoticeActor,
  type ReleaseNoticePayload,
  type ReleaseNoticeRelease,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { Application } from '../declarations.ts';
import { liveEventsOf } from '../live/live-events.ts';

/** Who acted, as the commands know it. */
export interface NoticeActor {
  organizationId: number;
  userId: number | null;
}

/**
 * What one changed release tells (releases spec §4 "Live notifications") and the organisations
 * (by id, and by address in the same order) whose channels hear of it.
 */
export interface ReleaseNotice extends ReleaseNoticeRelease {
  operation: string;
  organizationAddresses: string[];
  /** The acting organisation, as every organisation's notice names it. */
  by: ReleaseNoticeActor | null;
  organizationIds: number[];
  /** The acting organisation and user; only that organisation's notices name the user. */
  actor?: NoticeActor | null;
}

/** Notices by release address, as commands answer them for publishing after the commit. */
export type ReleaseNotices = Record<string, ReleaseNotice>;

/** One organisation's message of an action: the domain payload and whose room it goes to. */
export interface OrganizationNotice {
  organizationId: number;
  payload: ReleaseNoticePayload;
}

/** The live event that carries an action's messages to every instance. */
export const releaseNoticesEvent = 'release-notices';

declare module '../live/live-events.ts' {
  interface LiveEventMap {
    [releaseNoticesEvent]: OrganizationNotice[];
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
        'r.version',
        'r.release_status',
        'o.id as org_id',
        'o.address as org_address',
      );
    for (const row of rows) {
      const notice = (notices[row.address] ??= {
        address: row.address,
        blNumber: row.bl_number,
        containerNumber: row.container_number,
        version: row.version,
        status: row.release_status,
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
 * An action's messages: one per organisation (and operation and actor), listing every release
 * of the action in that organisation's chains, grouped by BL, in pieces of at most
 * `maxReleasesPerNotice` releases. Only the acting organisation's message names the user.
 */
export function organizationNotices(
  notices: ReleaseNotices,
  maxReleases = maxReleasesPerNotice,
): OrganizationNotice[] {
  const messages: OrganizationNotice[] = [];
  const open = new Map<string, { message: OrganizationNotice; bls: NoticeBls }>();
  for (const notice of Object.values(notices)) {
    const { operation, by, actor } = notice;
    notice.organizationIds.forEach((organizationId, index) => {
      const key = `${organizationId} ${operation} ${by?.organizationAddress ?? ''}`;
      let piece = open.get(key);
      if (!piece || piece.bls.size >= maxReleases) {
        const named = !!by && !!actor?.userId && organizationId === actor.organizationId;
        const bls = new NoticeBls();
        piece = {
          bls,
          message: {
            organizationId,
            payload: {
              operation,
              organizationAddress: notice.organizationAddresses[index]!,
              bls: bls.bls,
              by: named ? { ...by, userId: actor.userId! } : by,
            },
          },
        };
        open.set(key, piece);
        messages.push(piece.message);
      }
      piece.bls.add(notice);
    });
  }
  return messages;
}

/**
 * Publishes an action's notices after its commit (every release command, custody action and
 * system change hands its notices here): on the next turn of the event loop, so the answer goes
 * first, as one live event whose messages each instance sends to its own sockets.
 */
export function publishNotices(app: Application, notices: ReleaseNotices): void {
  if (Object.keys(notices).length === 0) return;
  setImmediate(() => {
    const messages = organizationNotices(notices);
    if (messages.length > 0) liveEventsOf(app).publish(releaseNoticesEvent, messages);
  });
}
