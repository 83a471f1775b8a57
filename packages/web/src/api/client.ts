import { feathers } from '@feathersjs/feathers';
import rest from '@feathersjs/rest-client';
import socketio from '@feathersjs/socketio-client';
import { io } from 'socket.io-client';

/** The REST base of the API (DESIGN §1); the dev server and the server itself serve it here. */
export const apiBase = '/api';

/**
 * The Feathers client over REST, for request/answer calls:
 * `api.service('app-info').find()` is `GET /api/app-info`.
 */
export const api = feathers();
api.configure(rest(apiBase).fetch(globalThis.fetch.bind(globalThis)));

/**
 * The socket.io connection to `/socket.io`. It stays closed until a feature needs live events
 * (`socket.connect()`), so the public pages open no socket.
 */
export const socket = io({ path: '/socket.io', autoConnect: false, transports: ['websocket'] });

/**
 * The Feathers client over socket.io, for live events and authenticated realtime calls.
 * Service names have no /api prefix here: `realtime.service('releases').on('created', …)`.
 */
export const realtime = feathers();
realtime.configure(socketio(socket));
