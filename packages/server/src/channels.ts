import type { Params, RealTimeConnection } from '@feathersjs/feathers';
import type { AuthenticationAnswer } from './auth/authentication-service.ts';
import {
  sessionConnectionsOf,
  sessionEndedEvent,
  type SessionEndedData,
} from './auth/session-connections.ts';
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
 *
 * Sessions (issue 9 §6): a socket is tracked under the session of the token it signed in with
 * (`auth/session-connections.ts`). A session that still owes its e-mail code joins nothing. When
 * a session ends (a logout over REST or another socket, or whoever revokes sessions calling
 * `endSessions`: the authentication service's `session-ended` event, carried to every instance by
 * feathers-sync), its sockets leave every channel and are disconnected. Publishing skips, and then disconnects, any socket whose session
 * has ended or outlived its absolute lifetime: a memory lookup, no query per publish.
 */
export function channels(app: Application): void {
  const sessions = sessionConnectionsOf(app);
  app.on('login', (result: Partial<AuthenticationAnswer>, params: Params) => {
    const { connection } = params;
    if (!connection) return;
    // A socket signs in for one organisation, with one session, at a time.
    leaveAll(app, connection);
    sessions.untrack(connection);
    const organizationId = result.user?.organizationId;
    const sessionId = result.authentication?.payload?.sid;
    const endsAt = Date.parse(result.sessionEndsAt ?? '');
    if (!organizationId || typeof sessionId !== 'string' || result.twoFactorRequired) return;
    // A session ended meanwhile (a logout racing this sign-in) is not tracked: no channel.
    if (!sessions.track(connection, sessionId, endsAt)) return;
    app.channel(organizationChannel(organizationId)).join(connection);
  });
  app.on('logout', (_result: unknown, params: Params) => {
    if (!params.connection) return;
    leaveAll(app, params.connection);
    sessions.untrack(params.connection);
  });
  app.on('disconnect', (connection: RealTimeConnection) => sessions.untrack(connection));
  app.service('authentication').on(sessionEndedEvent, (data: SessionEndedData) => {
    for (const connection of sessions.end(data?.sessionIds ?? [])) drop(app, connection);
  });

  app.service('releases').publish((data, context) => {
    const address = (data as { address?: unknown }).address;
    const notice =
      typeof address === 'string' ? context.params.releaseNotices?.[address] : undefined;
    if (!notice) return undefined;
    const live = (connection: RealTimeConnection) => {
      if (sessions.isLive(connection)) return true;
      // Not during the dispatch: the socket is dropped right after it.
      setImmediate(() => drop(app, connection));
      return false;
    };
    // Issue 15: the acting organisation's notice names the user who acted, no one else's.
    const acting = notice.actor?.organizationId;
    const organizationIds: number[] = [...new Set<number>(notice.organizationIds)];
    return organizationIds.map((organizationId) =>
      app
        .channel(organizationChannel(organizationId))
        .filter(live)
        .send(noticePayload(notice, organizationId === acting ? organizationId : undefined)),
    );
  });
}

/**
 * A socket whose session ended: out of every channel now, then disconnected the way Feathers
 * disconnects a socket whose token expired (its authentication is forgotten too).
 */
function drop(app: Application, connection: RealTimeConnection) {
  leaveAll(app, connection);
  app.emit('disconnect', connection);
}

function leaveAll(app: Application, connection: RealTimeConnection) {
  // app.channel() of no names throws: only when some channel exists.
  if (app.channels.length > 0) app.channel(app.channels).leave(connection);
}
