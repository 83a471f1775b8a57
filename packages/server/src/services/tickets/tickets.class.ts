import type { Id, Params } from '@feathersjs/feathers';
import {
  ticketImageRefusal,
  ticketImageType,
  ticketText,
  type Page,
  type TicketCreated,
  type TicketImage,
  type TicketImageType,
  type TicketInput,
  type TicketPatch,
  type TicketQuery,
  type TicketView,
} from '@scr/domain';
import { authorize, listScope } from '../../auth/admin-policy.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { likePattern, pageOf } from '../../kit/paging.ts';
import { imageTooLarge } from './ticket-body.ts';
import { ticketMail } from './ticket-mail.ts';
import { presentTicket, ticketColumns, ticketRows } from './ticket-rows.ts';

interface DecodedImage {
  fileName: string;
  contentType: TicketImageType;
  content: Buffer;
}

/** The image sent with a ticket, read from its bytes: over 5 MB is 413, no image is 400. */
function imageOf(image: TicketInput['image']): DecodedImage | null {
  if (!image) return null;
  const content = Buffer.from(image.contentBase64, 'base64');
  const refusal = ticketImageRefusal(content);
  if (refusal === 'imageTooLarge') throw imageTooLarge();
  if (refusal) {
    throw appError('validation_failed', {
      message: 'The file is not a PNG, JPEG, GIF or WebP image',
      fields: { image: `tickets.validation.${refusal}` },
    });
  }
  return { fileName: image.fileName.trim(), contentType: ticketImageType(content)!, content };
}

/** A ticket id as a row id; anything else is a ticket nobody has. */
function ticketId(id: Id | null): number {
  const value = Number(id);
  if (!Number.isSafeInteger(value) || value < 1) throw appError('not_found');
  return value;
}

/**
 * `tickets` (access spec §7 "Tickets"): any signed-in person sends one, stored and mailed to
 * `SUPPORT_EMAIL` through the outbox with its image attached; the answer is a message key.
 * Support lists, reads and closes them all (the administration's tickets section); the people
 * of the sending organisation may read theirs, and another organisation's answers not found.
 */
export class TicketsService {
  constructor(private readonly app: Application) {}

  private get knex() {
    return this.app.get('knex');
  }

  async create(data: TicketInput, params: Params = {}): Promise<TicketCreated> {
    const user = params.user as SessionUser;
    const image = imageOf(data.image);
    const { supportEmail, publicUrl } = this.app.get('config');
    const id = await inTransaction(this.knex, async (trx) => {
      const fields = {
        title: data.title.trim(),
        content: data.content.trim(),
        email: data.email.trim(),
        name: ticketText(data.name),
        phone: ticketText(data.phone),
        company: ticketText(data.company),
        destination: ticketText(data.destination),
      };
      const [row] = await trx('tickets')
        .insert({ ...fields, organization_id: user.organizationId, user_id: user.id })
        .returning('id');
      const ticket = Number(row.id);
      if (image) {
        await trx('ticket_images').insert({
          ticket_id: ticket,
          file_name: image.fileName,
          content_type: image.contentType,
          size: image.content.length,
          content: image.content,
        });
      }
      if (supportEmail) {
        await enqueueMail(
          trx,
          ticketMail(supportEmail, publicUrl, {
            id: ticket,
            ...fields,
            user: { email: user.email, name: `${user.firstName} ${user.lastName}`.trim() },
            organization: user.organization,
            image,
          }),
        );
      }
      return ticket;
    });
    if (supportEmail) void this.app.get('outbox')?.wake();
    else
      this.app.get('logger').warn({ ticketId: id }, 'SUPPORT_EMAIL is not set: ticket stored only');
    return { id, message: 'tickets.sent' };
  }

  async find(params: Params = {}): Promise<Page<TicketView>> {
    listScope(params, 'ticket.list');
    const query = (params.query ?? {}) as TicketQuery;
    const rows = ticketRows(this.knex);
    if (query.status) rows.where('t.status', query.status);
    const search = query.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      rows.where((q) =>
        q
          .whereILike('t.title', pattern)
          .orWhereILike('t.content', pattern)
          .orWhereILike('t.email', pattern)
          .orWhereILike('o.name', pattern),
      );
    }
    return pageOf(rows, {
      paging: query,
      select: (q) => q.select(ticketColumns).orderBy('t.id', 'desc'),
      present: presentTicket,
    });
  }

  async get(id: Id, params: Params = {}): Promise<TicketView> {
    const row = await this.readable(id, params);
    return presentTicket(row);
  }

  async patch(id: Id | null, data: TicketPatch, params: Params = {}): Promise<TicketView> {
    authorize(params, 'ticket.handle');
    const ticket = ticketId(id);
    const user = params.user as SessionUser | undefined;
    const closing = data.status === 'closed';
    const updated = await this.knex('tickets')
      .where({ id: ticket })
      .update({
        status: data.status,
        closed_at: closing ? this.knex.fn.now() : null,
        closed_by: closing ? (user?.id ?? null) : null,
      });
    if (updated === 0) throw appError('not_found');
    return this.get(ticket, {});
  }

  /** The ticket's image (`ticket-images`), for whoever may read the ticket. */
  async image(id: Id, params: Params = {}): Promise<TicketImage> {
    const ticket = await this.readable(id, params);
    const image = await this.knex('ticket_images').where({ ticket_id: ticket.id }).first();
    if (!image) throw appError('not_found');
    return {
      fileName: image.file_name,
      contentType: image.content_type,
      contentBase64: Buffer.from(image.content).toString('base64'),
    };
  }

  /** A ticket the caller may read: support any, others their organisation's; else not found. */
  private async readable(id: Id, params: Params) {
    const row = await ticketRows(this.knex).where('t.id', ticketId(id)).first(ticketColumns);
    authorize(params, 'ticket.read', { organizationIds: [row?.organization_id ?? null] });
    if (!row) throw appError('not_found');
    return row;
  }
}
