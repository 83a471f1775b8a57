import { servicePaths, type TicketCreated, type TicketInput } from '@scr/domain';
import { api } from '../../api/client.ts';

/** `POST /api/tickets` (access spec §7 "Tickets"): the answer is a message key and the number. */
export function sendTicket(input: TicketInput): Promise<TicketCreated> {
  return api.service(servicePaths.tickets).create(input) as Promise<TicketCreated>;
}
