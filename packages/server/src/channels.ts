import type { Params, RealTimeConnection } from '@feathersjs/feathers';
import { releaseNoticeEvent, servicePaths } from '@scr/domain';
import type { AuthenticationAnswer } from './auth/authentication-service.ts';
import { sessionConnectionsOf, sessionsEndedEvent } from './auth/session-connections.ts';
import type { Application } from './declarations.ts';
import { liveEventsOf } from './live/live-events.ts';
import {
  joinOrganizationRoom,
  leaveOrganizationRooms,
  organizationRoom,
  sendToOrganization,
} from './live/organization-rooms.ts';
import { releaseNoticesEvent, type OrganizationNotice } from './releases/release-notices.ts';

/** The channel of one organisation: every signed-in socket of its people joins it. */
export const organizationChannel = organizationRoom;

/** The socket.io event of release notices: `releases notice`. */
export const releaseNoticeSocketEvent = `${servicePaths.releases} ${releaseNoticeEvent}`;

/**
 * Live notifications (releases spec §4; DESIGN §2; issue 42 items 4 and 5): an authenticated
 * socket joins its organisation's Feathers channel and socket.io room, `organizations/<id>`.
 * An action's notices (`releases/release-notices.ts` `publishNotices`) come as one live event,
 * from this instance or another: each instance sends each organisation's message of it to that
 * organisation's room, once (socket.io encodes it once for all the room's sockets), as
 * `releases notice`, one message per turn of the event loop.
 *
 * Sessions (issue 9 §6): a socket is tracked under the session of the token it signed in with
 * (`auth/session-connections.ts`). A session that still owes its e-mail code joins nothing. When
 * a session ends (a logout over REST or another socket, or whoever revokes sessions calling
 * `endSessions`, which every instance hears), its sockets leave every channel and room and are
 * disconnected. Before each message, the room's sockets whose session has ended or outlived its
 * absolute lifetime leave it (a memory lookup each, no query) and are disconnected after.
 */
export function channels(app: Application): void {
  const sessions = sessionConnectionsOf(app);
  const events = liveEventsOf(app);
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
    joinOrganizationRoom(connection, organizationId);
  });
  app.on('logout', (_result: unknown, params: Params) => {
    if (!params.connection) return;
    leaveAll(app, params.connection);
    sessions.untrack(params.connection);
  });
  app.on('disconnect', (connection: RealTimeConnection) => sessions.untrack(connection));
  events.on(sessionsEndedEvent, (data) => {
    for (const connection of sessions.end(data?.sessionIds ?? [])) drop(app, connection);
  });

  const live = (connection: RealTimeConnection) => sessions.isLive(connection);
  // Not during the broadcast: the socket is dropped right after it.
  const dead = (connection: RealTimeConnection) => setImmediate(() => drop(app, connection));
  // One message per turn of the event loop, in order: a broadcast to a large room writes to
  // each of its sockets at once, and the requests waiting meanwhile go between two of them.
  const waiting: OrganizationNotice[] = [];
  const sendNext = () => {
    const message = waiting.shift();
    if (message && app.io) {
      const { organizationId, payload } = message;
      sendToOrganization(app.io, organizationId, releaseNoticeSocketEvent, payload, live, dead);
    }
    if (waiting.length > 0) setImmediate(sendNext);
  };
  events.on(releaseNoticesEvent, (messages) => {
    if (waiting.length === 0) setImmediate(sendNext);
    waiting.push(...messages);
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
  leaveOrganizationRooms(connection);
}
