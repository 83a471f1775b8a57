import { feathers } from '@feathersjs/feathers';
import socketio from '@feathersjs/socketio-client';
import { io } from 'socket.io-client';
import { endSessionOn401 } from './client.ts';

/**
 * The socket.io connection to `/socket.io`. It stays closed until someone signs in (see
 * `realtime-session.ts`, which loads this module then: issue 15, the login page downloads no
 * socket.io code), so the public pages open no socket.
 */
export const socket = io({ path: '/socket.io', autoConnect: false, transports: ['websocket'] });

/**
 * The Feathers client over socket.io, for live events and authenticated realtime calls.
 * Service names have no /api prefix here: `realtime.service('releases').on('created', …)`.
 */
export const realtime = feathers();
realtime.configure(socketio(socket));
realtime.hooks({ error: { all: [endSessionOn401] } });
