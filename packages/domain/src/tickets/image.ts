import type { TicketImageType } from '../api/tickets.ts';

/** Access spec §3 "Support ticket": one image of at most 5 MB. */
export const maxTicketImageBytes = 5 * 1024 * 1024;

const ascii = (bytes: Uint8Array, from: number, text: string): boolean =>
  [...text].every((char, i) => bytes[from + i] === char.charCodeAt(0));

/** Each accepted type and how its content starts (its signature and the first chunk after it). */
const signatures: [TicketImageType, (bytes: Uint8Array) => boolean][] = [
  [
    'image/png',
    (b) =>
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => b[i] === byte) &&
      ascii(b, 12, 'IHDR'),
  ],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a')],
  ['image/webp', (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') && ascii(b, 12, 'VP8')],
];

/**
 * The type of an image read from its bytes (DESIGN §3: uploads are checked by content), null
 * when it is none of PNG, JPEG, GIF or WebP. The name and the browser's declared type count
 * for nothing: an SVG or an HTML page called `photo.png` is no image here.
 */
export function ticketImageType(bytes: Uint8Array): TicketImageType | null {
  if (bytes.length < 16) return null;
  return signatures.find(([, matches]) => matches(bytes))?.[0] ?? null;
}

/**
 * Why an image cannot go with a ticket (a message key under `tickets.validation.`), or null:
 * over 5 MB, or not an image by its content.
 */
export function ticketImageRefusal(bytes: Uint8Array): 'imageTooLarge' | 'imageNotImage' | null {
  if (bytes.length > maxTicketImageBytes) return 'imageTooLarge';
  return ticketImageType(bytes) ? null : 'imageNotImage';
}
