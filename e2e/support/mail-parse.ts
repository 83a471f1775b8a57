/** A message as the SMTP sink keeps it: envelope recipients, subject and plain text. */
export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
}

/**
 * Just enough MIME to read what the portal sends (nodemailer: one text/plain part, or the
 * text/plain part of a multipart message; 7bit, quoted-printable or base64; RFC 2047 subjects).
 */
export function parseMail(to: string[], raw: string): SunkMail {
  const { headers, body } = splitMessage(raw);
  return {
    to,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: plainText(headers, body),
  };
}

function splitMessage(raw: string) {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function plainText(headers: Map<string, string>, body: string): string {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1, -1).map(splitMessage);
    const part =
      parts.find((p) => /^text\/plain/i.test(p.headers.get('content-type') ?? '')) ?? parts[0];
    return part ? plainText(part.headers, part.body) : '';
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words such as `=?UTF-8?Q?Ihr_Best=C3=A4tigungscode?=`. */
function decodeWords(text: string): string {
  return text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([bq])\?([^?]*)\?=/gi,
      (_, _charset: string, kind: string, data: string) =>
        kind.toLowerCase() === 'b'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
