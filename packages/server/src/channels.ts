import type { Params } from '@feathersjs/feathers';
import type { Application } from './declarations.ts';
import { noticePayload } from './releases/release-notices.ts';

/** The channel of one organisation: every signed-in socket of its people joins it. */
export const organizationChannel = (organizationId: number) => `organizations/${organizationId}`;

/**
 * Live notifications (releases spec §4; DESIGN §2): an authenticated socket joins its
 * organisation's channel, and every create, edit or delete of a release is published, as a
 * small notice (address, BL, container, operation, the chain's organisation addresses), to the
 * channels of the organisations in that release's chain and no one else. With feathers-sync
 * the notice travels between instances inside the event's params (plain JSON).
 */
export function channels(app: Application): void {
  app.on('login', (result: { user?: { organizationId?: number } }, params: Params) => {
    const { connection } = params;
    const organizationId = result.user?.organizationId;
    if (!connection || !organizationId) return;
    // A socket signs in for one organisation at a time.
    leaveAll(app, connection);
    app.channel(organizationChannel(organizationId)).join(connection);
  });
  app.on('logout', (_result: unknown, params: Params) => {
    if (params.connection) leaveAll(app, params.connection);
  });

  app.service('releases').publish((data, context) => {
    const address = (data as { address?: unknown }).address;
    const notice =
      typeof address === 'string' ? context.params.releaseNotices?.[address] : undefined;
    if (!notice) return undefined;
    return app.channel(notice.organizationIds.map(organizationChannel)).send(noticePayload(notice));
  });
}

function leaveAll(app: Application, connection: NonNullable<Params['connection']>) {
  // app.channel() of no names throws: only when some channel exists.
  if (app.channels.length > 0) app.channel(app.channels).leave(connection);
}
