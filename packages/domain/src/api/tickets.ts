/**
 * The support tickets contract (access spec §2 "Support ticket page and side drawer", §3
 * "Support ticket", §7 "Tickets"): what `POST tickets` takes and answers, and what support reads
 * in the administration. The server's typebox schemas are checked against these at compile time.
 */

/** An image sent with a ticket, as the form reads it: the file's name and its bytes in base64. */
export interface TicketImageUpload {
  fileName: string;
  contentBase64: string;
}

/**
 * `POST tickets` (access spec §3 "Support ticket"): title, content and e-mail required; name,
 * phone, company optional; `destination` is what the page's `?destination=` named (where the
 * user came from, or what the ticket is about); at most one image.
 */
export interface TicketInput {
  title: string;
  content: string;
  email: string;
  name?: string | null;
  phone?: string | null;
  company?: string | null;
  destination?: string | null;
  image?: TicketImageUpload | null;
}

/** Access spec §7 "Tickets": the answer is a message key (and the new ticket's number). */
export interface TicketCreated {
  id: number;
  message: 'tickets.sent';
}

export const ticketStatuses = ['open', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

/** The image types a ticket accepts, recognised by their content, never by name. */
export const ticketImageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type TicketImageType = (typeof ticketImageTypes)[number];

/** A ticket as support reads it (the image itself comes from `ticket-images`). */
export interface TicketView {
  id: number;
  title: string;
  content: string;
  name: string | null;
  email: string;
  phone: string | null;
  company: string | null;
  destination: string | null;
  status: TicketStatus;
  createdAt: string;
  /** The signed-in person who sent it. */
  user: { id: number; email: string; name: string };
  organization: { id: number; name: string; address: string };
  image: { fileName: string; contentType: TicketImageType; size: number } | null;
  /** When support closed it, and who; null while open. */
  closedAt: string | null;
  closedBy: string | null;
}

/** `GET ticket-images/:ticketId`: the ticket's image, whose type was read from its content. */
export interface TicketImage {
  fileName: string;
  contentType: TicketImageType;
  contentBase64: string;
}

/** `PATCH tickets/:id` (support): close a handled ticket, or open it again. */
export interface TicketPatch {
  status: TicketStatus;
}

/** `GET tickets` (support): newest first, by status, searched in title, content, e-mail and organisation. */
export interface TicketQuery {
  status?: TicketStatus;
  search?: string;
  $limit?: number;
  $skip?: number;
}
