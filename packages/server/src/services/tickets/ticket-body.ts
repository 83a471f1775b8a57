import type { Middleware } from '@feathersjs/koa';
import { bodyParser } from '@feathersjs/koa';
import { maxTicketImageBytes, servicePaths } from '@scr/domain';
import { appError } from '../../errors/app-error.ts';

/** The path (after the /api prefix is stripped) whose JSON body may carry an image. */
export const ticketsRoute = `/${servicePaths.tickets}`;

/**
 * Base64 of a 5 MB image plus the ticket's text around it (10,000 characters of content are
 * at most 60 kB of JSON escapes). A body past it holds an image over 5 MB whatever else it has.
 */
export const ticketBodyLimit = Math.ceil(maxTicketImageBytes / 3) * 4 + 256 * 1024;

/** Access spec §3 "Support ticket": an image of at most 5 MB, said under the form's image field. */
export const imageTooLarge = () =>
  appError('payload_too_large', {
    message: 'An image may be at most 5 MB',
    fields: { image: 'tickets.validation.imageTooLarge' },
  });

/**
 * The request body parser: `parser` everywhere, except `POST /tickets`, whose JSON may carry
 * an image of up to 5 MB in base64 (`image.contentBase64`), so its limit is raised for this
 * route only; a larger body is refused at once on its Content-Length, before it is read.
 */
export function withTicketBody(parser: Middleware): Middleware {
  const ticketJson = bodyParser({ jsonLimit: ticketBodyLimit });
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== ticketsRoute) return parser(ctx, next);
    if (Number(ctx.get('content-length') || 0) > ticketBodyLimit) {
      ctx.set('Connection', 'close');
      throw imageTooLarge();
    }
    return ticketJson(ctx, next);
  };
}
