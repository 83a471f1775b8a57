import { servicePaths, validateTicket, type TicketFields } from '@scr/domain';
import type { Id, Params } from '@feathersjs/feathers';
import { requireSession } from '../../auth/hooks.ts';
import type { Application, HookContext, NextFunction } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { validateBody, validateQuery } from '../../kit/validation.ts';
import { TicketsService } from './tickets.class.ts';
import { ticketInputSchema, ticketPatchSchema, ticketQuerySchema } from './tickets.schema.ts';

export const ticketsPath = servicePaths.tickets;
export const ticketImagesPath = servicePaths.ticketImages;

/**
 * Access spec §5 "Ticket", before the shape is checked: the form's own messages per field
 * (`tickets.validation.*`), so a missing title reads as on the form, not as a schema error.
 */
async function refuseInvalidTicket(context: HookContext, next: NextFunction) {
  const data = context.data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const errors = Object.entries(validateTicket(data as TicketFields));
    if (errors.length > 0) {
      throw appError('validation_failed', {
        fields: Object.fromEntries(errors.map(([f, m]) => [f, `tickets.validation.${m}`])),
      });
    }
  }
  await next();
}

/** A ticket is no event: its image (in the call's data) must reach no event listener. */
async function noEvent(context: HookContext, next: NextFunction) {
  await next();
  context.event = null;
}

/** `ticket-images/:ticketId`: the image of a ticket the caller may read. */
class TicketImagesService {
  constructor(private readonly tickets: TicketsService) {}
  get(id: Id, params?: Params) {
    return this.tickets.image(id, params);
  }
}

/**
 * Registers `tickets` (create for any signed-in person; find and patch for support; get for
 * support and the sending organisation) and `ticket-images` (get). The JSON body of
 * `POST /tickets` may be larger than elsewhere: see `ticket-body.ts`.
 */
export function tickets(app: Application): void {
  const service = new TicketsService(app);
  app.use(ticketsPath, service, { methods: ['find', 'get', 'create', 'patch'], events: [] });
  app.service(ticketsPath).hooks({
    around: {
      all: [requireSession],
      find: [validateQuery(ticketQuerySchema)],
      create: [noEvent, refuseInvalidTicket, validateBody(ticketInputSchema)],
      patch: [validateBody(ticketPatchSchema)],
    },
  });
  app.use(ticketImagesPath, new TicketImagesService(service), { methods: ['get'], events: [] });
  app.service(ticketImagesPath).hooks({ around: { all: [requireSession] } });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [ticketsPath]: TicketsService;
    [ticketImagesPath]: TicketImagesService;
  }
}
