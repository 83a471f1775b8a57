import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Middleware } from '@feathersjs/koa';
import { coreorLimits, servicePaths } from '@scr/domain';
import { appError } from '../../errors/app-error.ts';
import { readMultipartFile } from '../../releases/upload/upload-body.ts';

/** The path (after the /api prefix is stripped) of the COREOR upload. */
export const coreorRoute = `/${servicePaths.coreor}`;

/**
 * A raw or multipart body's bytes at most: two a character of the largest interchange, the
 * JSON parser's 4 MB (the service counts the characters).
 */
export const coreorBodyLimit = coreorLimits.maxCharacters * 2;
/** Room for the multipart boundaries and headers around the file. */
const multipartOverhead = 64 * 1024;

export const interchangeTooLarge = () =>
  appError('payload_too_large', {
    message: `An interchange has at most ${coreorLimits.maxCharacters} characters.`,
  });

const wrongBody = (message?: string) =>
  appError('coreor_content_type', message === undefined ? {} : { message });

/**
 * The request body parser: `parser` everywhere, except `POST /releases/coreor` (README
 * "EDIFACT COREOR"), which takes JSON `{content, fileName}` (through `parser`), the interchange
 * itself as `application/EDIFACT` or `text/plain` (decoded by its charset, UTF-8 by default;
 * `?fileName=` names it), or a multipart form with the file as `file`; at most
 * `coreorBodyLimit` bytes, refused with 413 on Content-Length at once or when the stream passes
 * it. Any other media type is answered 415 `coreor_content_type`, saying what to send.
 */
export function withCoreorBody(parser: Middleware): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== coreorRoute) return parser(ctx, next);
    // null: no body at all (the service then says `content` is missing).
    const kind = ctx.is('json', 'application/edifact', 'text/plain', 'multipart/form-data');
    if (kind === null || kind === 'json') return parser(ctx, next);
    if (kind === false) throw wrongBody();
    const multipart = kind === 'multipart/form-data';
    if (
      Number(ctx.get('content-length') || 0) >
      coreorBodyLimit + (multipart ? multipartOverhead : 0)
    ) {
      ctx.set('Connection', 'close');
      throw interchangeTooLarge();
    }
    if (multipart) {
      const file = await readMultipartFile(ctx.req, ctx.headers, {
        maxBytes: coreorBodyLimit,
        refused: (reason) =>
          reason === 'tooLarge'
            ? interchangeTooLarge()
            : appError('validation_failed', {
                message: 'The form has no file in the field "file".',
                fields: { file: 'releases.coreor.fileRequired' },
              }),
      });
      ctx.request.body = upload(decode(file.content, 'utf-8'), file.fileName);
    } else {
      const bytes = await readRaw(ctx.req, () => ctx.set('Connection', 'close'));
      const query = ctx.query.fileName;
      const content = decode(bytes, ctx.request.charset || 'utf-8');
      ctx.request.body = upload(content, typeof query === 'string' ? query : '');
    }
    return next();
  };
}

/** The upload as the service takes it (`CoreorUpload`), its file name when it has one. */
const upload = (content: string, fileName: string): Record<string, string> =>
  fileName.trim() ? { content, fileName: fileName.trim() } : { content };

/** The body's bytes, refused once they pass the limit. */
async function readRaw(req: IncomingMessage, closing: () => void): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > coreorBodyLimit) {
      closing();
      throw interchangeTooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The text in its charset: an unknown charset, or bytes that are not of it, are refused. */
function decode(bytes: Buffer, charset: string): string {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(charset, { fatal: true });
  } catch {
    throw wrongBody(`The charset ${charset} is not known: send UTF-8, or name the charset.`);
  }
  try {
    return decoder.decode(bytes);
  } catch {
    throw wrongBody(
      `The body is not ${charset}: send UTF-8, or name its charset (for example text/plain; charset=ISO-8859-1).`,
    );
  }
}

/**
 * Whether an Accept header asks for the APERAK (`application/EDIFACT`) rather than JSON: named
 * with a weight above JSON's (JSON stays the answer when both weigh the same, or neither is
 * named).
 */
export function prefersEdifact(accept: string | undefined): boolean {
  let edifact = 0;
  let json = 0;
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = part.trim().toLowerCase().split(';');
    const weight = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = weight ? Number(weight.slice(2)) || 0 : 1;
    if (type.trim() === 'application/edifact') edifact = Math.max(edifact, q);
    if (type.trim() === 'application/json') json = Math.max(json, q);
  }
  return edifact > json;
}

/** UNB 0020 of an APERAK: `AP`, the time in base 36 and 4 random characters (14 in all). */
export function aperakControlReference(now = Date.now()): string {
  const random = Array.from({ length: 4 }, () => randomInt(36).toString(36)).join('');
  return `AP${now.toString(36)}${random}`.toUpperCase().slice(0, 14);
}
