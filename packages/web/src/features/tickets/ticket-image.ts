import { maxTicketImageBytes, ticketImageRefusal, type TicketImageUpload } from '@scr/domain';

/** An image the form holds: what is sent, and a local address to show it. */
export interface ChosenImage {
  upload: TicketImageUpload;
  size: number;
}

export type ImageReading = { image: ChosenImage } | { refusal: 'imageTooLarge' | 'imageNotImage' };

/** The accepted types, for the file picker's filter; the content decides, not this list. */
export const imageAccept = 'image/png,image/jpeg,image/gif,image/webp';

function bytesOf(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/** Base64 of bytes, in slices, so a 5 MB image does not overflow the argument list. */
function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Reads the image a person picked (access spec §3 "Support ticket"), with the server's own
 * rules (domain `ticketImageRefusal`): over 5 MB is refused before it is read, then the bytes
 * must be a PNG, JPEG, GIF or WebP image whatever the file is called.
 */
export async function readTicketImage(file: File): Promise<ImageReading> {
  if (file.size > maxTicketImageBytes) return { refusal: 'imageTooLarge' };
  const bytes = await bytesOf(file);
  const refusal = ticketImageRefusal(bytes);
  if (refusal) return { refusal };
  return {
    image: {
      upload: { fileName: file.name || 'image', contentBase64: base64Of(bytes) },
      size: bytes.length,
    },
  };
}
