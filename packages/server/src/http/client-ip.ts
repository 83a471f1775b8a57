import type { Middleware } from '@feathersjs/koa';
import type { Config } from '../config.ts';
import { clientAddressReader } from './client-address.ts';

/** What the handshake of a socket.io connection tells of its client. */
interface Handshake {
  address: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * The client's address for every consumer (issue 42 item 3): on HTTP, a middleware put first
 * sets Koa's `ctx.request.ip`, so the request log, the cloud wallet and the services' limits all
 * read the same; on socket.io, `ofHandshake` is asked at connection. Both follow TRUST_PROXY
 * (`client-address.ts`); without it `X-Forwarded-For` is ignored.
 */
export function clientIp(config: Pick<Config, 'trustProxy'>) {
  const read = clientAddressReader(config.trustProxy);
  const middleware: Middleware = async (ctx, next) => {
    ctx.request.ip = read(ctx.req.socket.remoteAddress, ctx.req.headers['x-forwarded-for']);
    await next();
  };
  const ofHandshake = (handshake: Handshake) =>
    read(handshake.address, handshake.headers['x-forwarded-for']);
  return { middleware, ofHandshake };
}
