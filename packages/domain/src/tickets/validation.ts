import { isEmailAddress, maxEmailLength } from '../login.ts';
import {
  emailInvalid,
  formMessageTexts,
  required,
  type FormMessage,
} from '../forms/form-messages.ts';
import { isCleanText } from '../text.ts';
import { phoneLooksValid } from '../transporters/validation.ts';

/**
 * Access spec §5 "Ticket": the messages said with the generic form templates (§5 "Generic form
 * messages"), by their keys under `tickets.validation.`.
 */
export const ticketFormMessages = {
  titleRequired: required('title'),
  contentRequired: required('description'),
  emailRequired: required('email'),
  emailInvalid: emailInvalid(),
} as const satisfies Record<string, FormMessage>;

/**
 * Access spec §5 "Ticket" and the generic form messages: the messages, as translation keys under
 * `tickets.validation.` (the form shows them, the server answers them per field), in English.
 */
export const ticketMessages = {
  ...formMessageTexts(ticketFormMessages),
  phoneInvalid: 'Please provide a valid telephone number',
  tooLong: 'This text is too long',
  textFormat: 'This text contains characters that cannot be stored',
  imageNotImage: 'The file is not a PNG, JPEG, GIF or WebP image',
  imageTooLarge: 'An image may be at most 5 MB',
} as const;
export type TicketMessage = keyof typeof ticketMessages;

/** Field → message key; empty when the ticket may be sent. */
export type TicketErrors = Partial<Record<TicketField, TicketMessage>>;

/** The longest text each field keeps. */
export const ticketFieldLimits = {
  title: 200,
  content: 10_000,
  email: maxEmailLength,
  name: 200,
  phone: 50,
  company: 200,
  destination: 500,
} as const;
export type TicketField = keyof typeof ticketFieldLimits | 'image';

/** The text fields of a ticket as a form or a request holds them (anything but text is blank). */
export type TicketFields = Partial<Record<keyof typeof ticketFieldLimits, unknown>>;

const textOf = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/**
 * Access spec §5 "Ticket": title, content and e-mail required (§3 lists the title as required
 * too), the e-mail must look like an address, the phone is a telephone field; every text within
 * its length and storable.
 */
export function validateTicket(fields: TicketFields): TicketErrors {
  const errors: TicketErrors = {};
  for (const field of Object.keys(ticketFieldLimits) as (keyof typeof ticketFieldLimits)[]) {
    const value = typeof fields[field] === 'string' ? fields[field] : '';
    if (value.length > ticketFieldLimits[field]) errors[field] = 'tooLong';
    else if (!isCleanText(value)) errors[field] = 'textFormat';
  }
  const required = { title: 'titleRequired', content: 'contentRequired', email: 'emailRequired' };
  for (const [field, message] of Object.entries(required) as [TicketField, TicketMessage][]) {
    if (!errors[field] && !textOf(fields[field as keyof TicketFields])) errors[field] = message;
  }
  const email = textOf(fields.email);
  if (!errors.email && !isEmailAddress(email)) errors.email = 'emailInvalid';
  const phone = textOf(fields.phone);
  if (!errors.phone && phone && !phoneLooksValid(phone)) errors.phone = 'phoneInvalid';
  return errors;
}

/** Blank text as null, other text trimmed: how a ticket's optional fields are kept. */
export function ticketText(value: unknown): string | null {
  const text = textOf(value);
  return text ? text : null;
}
