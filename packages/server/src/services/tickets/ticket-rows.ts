import type { TicketImageType, TicketStatus, TicketView } from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../../kit/db-row.ts';

/** Tickets with their sender, organisation, image facts (never its bytes) and who closed them. */
export function ticketRows(db: Knex | Knex.Transaction) {
  return db('tickets as t')
    .join('users as u', 'u.id', 't.user_id')
    .join('organizations as o', 'o.id', 't.organization_id')
    .leftJoin('ticket_images as i', 'i.ticket_id', 't.id')
    .leftJoin('users as c', 'c.id', 't.closed_by');
}

export const ticketColumns = [
  't.*',
  'u.email as user_email',
  'u.first_name as user_first_name',
  'u.last_name as user_last_name',
  'o.name as organization_name',
  'o.address as organization_address',
  'i.file_name as image_file_name',
  'i.content_type as image_content_type',
  'i.size as image_size',
  'c.email as closed_by_email',
];

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

/** A row of `ticketRows` as support reads it (domain `TicketView`). */
export function presentTicket(row: DbRow): TicketView {
  return {
    id: Number(row.id),
    title: row.title,
    content: row.content,
    name: row.name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    destination: row.destination,
    status: row.status as TicketStatus,
    createdAt: iso(row.created_at)!,
    user: {
      id: row.user_id,
      email: row.user_email,
      name: `${row.user_first_name} ${row.user_last_name}`.trim(),
    },
    organization: {
      id: row.organization_id,
      name: row.organization_name,
      address: row.organization_address,
    },
    image: row.image_file_name
      ? {
          fileName: row.image_file_name,
          contentType: row.image_content_type as TicketImageType,
          size: Number(row.image_size),
        }
      : null,
    closedAt: iso(row.closed_at),
    closedBy: row.closed_by_email ?? null,
  };
}
