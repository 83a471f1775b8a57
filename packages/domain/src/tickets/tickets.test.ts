import { describe, expect, it } from 'vitest';
import { maxTicketImageBytes, ticketImageRefusal, ticketImageType } from './image.ts';
import { ticketText, validateTicket } from './validation.ts';

const ticket = {
  title: 'Cannot transfer',
  content: 'The button stays grey.',
  email: 'a@b.example',
};

describe('access spec §5 "Ticket": e-mail and content required (§3: the title too)', () => {
  it('accepts a ticket with title, content and e-mail only', () => {
    expect(validateTicket(ticket)).toEqual({});
  });

  it('names each missing required field, blank text counting as missing', () => {
    expect(validateTicket({ title: ' ', content: '', email: undefined })).toEqual({
      title: 'titleRequired',
      content: 'contentRequired',
      email: 'emailRequired',
    });
    expect(validateTicket({ ...ticket, content: 42 })).toEqual({ content: 'contentRequired' });
  });

  it('§5 generic form messages: "Email is not valid", the phone is a telephone field', () => {
    expect(validateTicket({ ...ticket, email: 'not-an-address' })).toEqual({
      email: 'emailInvalid',
    });
    expect(validateTicket({ ...ticket, phone: 'call me' })).toEqual({ phone: 'phoneInvalid' });
    expect(
      validateTicket({ ...ticket, phone: '+32 3 123 45 67', name: 'An', company: 'X' }),
    ).toEqual({});
  });

  it('refuses text over its length and text that cannot be stored', () => {
    expect(validateTicket({ ...ticket, title: 'x'.repeat(201) })).toEqual({ title: 'tooLong' });
    expect(validateTicket({ ...ticket, company: 'A\u0000B' })).toEqual({ company: 'textFormat' });
  });

  it('keeps optional text trimmed, blank as null', () => {
    expect(ticketText('  Kempen  ')).toBe('Kempen');
    expect(ticketText('   ')).toBeNull();
    expect(ticketText(undefined)).toBeNull();
  });
});

const bytes = (...parts: (number[] | string)[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part,
    ),
  );
const padded = (head: Uint8Array) => Uint8Array.from([...head, ...new Array(32).fill(0)]);

describe('access spec §3 "Support ticket": an image, checked by its content (DESIGN §3)', () => {
  it('recognises PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(ticketImageType(padded(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR')))).toBe(
      'image/png',
    );
    expect(ticketImageType(padded(bytes([0xff, 0xd8, 0xff, 0xe0])))).toBe('image/jpeg');
    expect(ticketImageType(padded(bytes('GIF89a')))).toBe('image/gif');
    expect(ticketImageType(padded(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ')))).toBe('image/webp');
  });

  it('refuses what only claims to be an image: SVG, HTML, a PDF, a truncated header', () => {
    expect(ticketImageType(padded(bytes('<svg xmlns="http://www.w3.org/2000/svg">')))).toBeNull();
    expect(ticketImageType(padded(bytes('<!doctype html><script>')))).toBeNull();
    expect(ticketImageType(padded(bytes('%PDF-1.7')))).toBeNull();
    expect(ticketImageType(bytes([0x89], 'PNG'))).toBeNull();
    expect(ticketImageRefusal(padded(bytes('hello')))).toBe('imageNotImage');
  });

  it('refuses an image over 5 MB', () => {
    const big = new Uint8Array(maxTicketImageBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    expect(ticketImageRefusal(big)).toBe('imageTooLarge');
    expect(ticketImageRefusal(big.subarray(0, maxTicketImageBytes))).toBeNull();
  });
});
