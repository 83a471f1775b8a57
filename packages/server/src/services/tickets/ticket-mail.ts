import type { TicketImageType } from '@scr/domain';
import type { MailMessage } from '../../mail/mail-transport.ts';

/** What the support desk's e-mail tells about a new ticket. */
export interface TicketMailFacts {
  id: number;
  title: string;
  content: string;
  email: string;
  name: string | null;
  phone: string | null;
  company: string | null;
  destination: string | null;
  user: { email: string; name: string };
  organization: { id: number; name: string; address: string };
  image: { fileName: string; contentType: TicketImageType; content: Buffer } | null;
}

/** A reply goes to the sender only when the address is plainly one address. */
const plainAddress = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;

/**
 * The e-mail to `SUPPORT_EMAIL` for a new ticket (access spec §2 "Support ticket"; issue 12
 * item 6), in English for the support desk: every field, who sent it from which organisation
 * (its id, as the support box shows it), the image attached, a reply going to the sender, and
 * the link to the ticket in the administration.
 */
export function ticketMail(to: string, publicUrl: string, ticket: TicketMailFacts): MailMessage {
  const line = (label: string, value: string | null) => (value ? [`${label}: ${value}`] : []);
  const from = [ticket.name, `<${ticket.email}>`].filter(Boolean).join(' ');
  const image = ticket.image;
  const link = `${publicUrl.replace(/\/+$/, '')}/admin?section=tickets&ticket=${ticket.id}`;
  const text = [
    `A support ticket was sent from the portal.`,
    '',
    `Ticket: #${ticket.id}`,
    `Title: ${ticket.title}`,
    `From: ${from}`,
    ...line('Phone', ticket.phone),
    ...line('Company', ticket.company),
    `Signed in as: ${ticket.user.name} <${ticket.user.email}>`,
    `Organisation: ${ticket.organization.name} (id ${ticket.organization.id}, ${ticket.organization.address})`,
    ...line('About', ticket.destination),
    '',
    ticket.content,
    '',
    ...(image
      ? [
          `Image: ${image.fileName} (${image.contentType}, ${image.content.length} bytes), attached.`,
        ]
      : []),
    `Open it in the administration: ${link}`,
    '',
  ].join('\n');
  return {
    to,
    subject: `[SCR ticket #${ticket.id}] ${ticket.title.replace(/\s+/g, ' ')}`,
    text,
    ...(plainAddress.test(ticket.email) ? { replyTo: ticket.email } : {}),
    ...(image
      ? {
          attachments: [
            {
              filename: image.fileName,
              content: image.content.toString('base64'),
              encoding: 'base64' as const,
              contentType: image.contentType,
            },
          ],
        }
      : {}),
  };
}
