import type { RealTimeConnection } from '@feathersjs/feathers';
import type { Server, Socket } from 'socket.io';

/** Each socket under its Feathers connection (Feathers keeps its own map to itself). */
const sockets = new WeakMap<RealTimeConnection, Socket>();

/** The room (and Feathers channel) of one organisation: its people's signed-in sockets. */
export const organizationRoom = (organizationId: number) => `organizations/${organizationId}`;

/** For socket.io's middleware (app.ts), after Feathers has made the socket's connection. */
export function rememberSocket(socket: Socket): void {
  const { feathers } = socket as unknown as { feathers?: RealTimeConnection };
  if (feathers) sockets.set(feathers, socket);
}

export function joinOrganizationRoom(connection: RealTimeConnection, organizationId: number) {
  void sockets.get(connection)?.join(organizationRoom(organizationId));
}

export function leaveOrganizationRooms(connection: RealTimeConnection): void {
  const socket = sockets.get(connection);
  if (!socket) return;
  for (const room of [...socket.rooms]) {
    if (room.startsWith('organizations/')) void socket.leave(room);
  }
}

/**
 * One message to an organisation's room (issue 42 item 5): socket.io encodes it once, frame
 * included, and writes that to each socket. A socket whose connection is not `live` (its session
 * ended or outlived its lifetime) leaves the room first and gets nothing; `dead` hears of it.
 * Answers how many sockets it went to.
 */
export function sendToOrganization(
  io: Server,
  organizationId: number,
  event: string,
  payload: unknown,
  live: (connection: RealTimeConnection) => boolean,
  dead: (connection: RealTimeConnection) => void,
): number {
  const room = organizationRoom(organizationId);
  const members = io.sockets.adapter.rooms.get(room);
  if (!members) return 0;
  for (const id of [...members]) {
    const socket = io.sockets.sockets.get(id);
    const { feathers } = (socket ?? {}) as { feathers?: RealTimeConnection };
    if (feathers && live(feathers)) continue;
    // The in-memory adapter leaves at once, before the broadcast below.
    void socket?.leave(room);
    if (feathers) dead(feathers);
  }
  const size = io.sockets.adapter.rooms.get(room)?.size ?? 0;
  if (size > 0) io.to(room).emit(event, payload);
  return size;
}
